import {
  canonicalJson,
  ROUTING_DIRECTIONS,
  ROUTING_SCOPES,
  type RoutingDirection,
  type RoutingScope,
} from '@bo/contract';
import { badField, notFound } from '../../core/app-error';
import type { Queryable } from '../../db/db';
import { findAccountByCode } from '../accounts/accounts.service';
import {
  lockRoutingProfile,
  putRoutingProfile,
  type ProfilePlace,
} from '../routing/routing-profiles.service';
import type { GuardedSetting } from './guarded-setting';

/** Where a routing profile applies, as a change's target names it (account by code). */
export interface ProfileTarget {
  readonly direction: RoutingDirection;
  readonly currency: string;
  readonly scope: RoutingScope;
  readonly accountCode: string | null;
}

/** `payin:THB:platform`, `payout:MYR:merchant:MER00001`. */
export const routingProfileTarget = (t: ProfileTarget) =>
  [t.direction, t.currency, t.scope, ...(t.accountCode ? [t.accountCode] : [])].join(':');

export function readProfileTarget(target: string): ProfileTarget {
  const [direction, currency = '', scope, accountCode] = target.split(':');
  const d = ROUTING_DIRECTIONS.find((x) => x === direction);
  const s = ROUTING_SCOPES.find((x) => x === scope);
  if (!d || !s) throw new Error(`a stored routing profile target ${target} does not read`);
  return { direction: d, currency, scope: s, accountCode: accountCode ?? null };
}

/**
 * The place of a target: its account (by code) must be a reseller for a reseller's profile
 * and a top-level merchant for a merchant's; the platform's names none.
 */
export async function placeOf(db: Queryable, t: ProfileTarget): Promise<ProfilePlace> {
  const place = { direction: t.direction, currency: t.currency, scope: t.scope };
  if (t.scope === 'platform') {
    if (t.accountCode)
      throw badField({
        field: 'accountCode',
        rule: "is not for the platform's profile",
        kind: 'other',
      });
    return { ...place, accountId: null };
  }
  if (!t.accountCode)
    throw badField({
      field: 'accountCode',
      rule: `is required for a ${t.scope}'s profile`,
      kind: 'required',
    });
  const account = await findAccountByCode(db, t.accountCode);
  if (!account || account.account_type !== t.scope || account.parent_account_id)
    throw badField({ field: 'accountCode', rule: `names no ${t.scope}`, kind: 'other' });
  return { ...place, accountId: account.id };
}

/** A profile's state as a change's value: canonical JSON of whether it routes and its steps. */
export const profileValue = (active: boolean, definition: unknown) =>
  canonicalJson({ active, definition });

/**
 * A routing profile (issue 43, target `routingProfileTarget`): its value is `profileValue`;
 * put in force by `putRoutingProfile` (checked again: a gateway it names may have gone
 * inactive while it waited), with the approver as its writer and the asker in its note.
 */
export const ROUTING_PROFILE: GuardedSetting = {
  kind: 'routing_profile',
  noun: (target) => `the routing profile ${target}`,
  current: async (tx, target) => {
    const profile = await lockRoutingProfile(tx, await placeOf(tx, readProfileTarget(target)));
    return {
      text: profile ? profileValue(profile.active, profile.definition) : null,
      scaled: null,
    };
  },
  scaled: () => 0n,
  write: async (tx, writer, change) => {
    const place = await placeOf(tx, readProfileTarget(change.target));
    const value = JSON.parse(change.newValue) as { active: boolean; definition: unknown };
    if (typeof value.active !== 'boolean') throw notFound('The change names no profile state');
    await putRoutingProfile(
      tx,
      {
        origin: writer.origin,
        actor: writer.actor,
        note: `${change.reason} (asked by ${writer.requester.username})`,
      },
      place,
      value,
    );
  },
};
