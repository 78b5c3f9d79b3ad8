import type { RoutingProfiles, setRoutingProfile } from '@bo/contract';
import type { z } from 'zod';
import { badFields, conflict } from '../../core/app-error';
import type { UserCallContext } from '../../core/context';
import type { Queryable } from '../../db/db';
import { requireAdmin } from '../scoped-lists/scope';
import { listRoutingProfiles, routingProfileProblems } from '../routing/routing-profiles.service';
import { GUARDED_SETTINGS } from './guarded-settings';
import { placeOf, profileValue, routingProfileTarget } from './routing-profile-setting';
import { askSettingChange, listPendingSettingChanges } from './setting-changes.service';

type Input = z.output<(typeof setRoutingProfile)['request']>;

/** `getRoutingProfiles`: the profiles (in force or switched off) and the changes waiting. */
export async function readRoutingProfiles(db: Queryable): Promise<RoutingProfiles> {
  const [rows, pending] = await Promise.all([
    listRoutingProfiles(db),
    listPendingSettingChanges(db),
  ]);
  return { rows, pending_changes: pending.filter((c) => c.kind === 'routing_profile') };
}

/**
 * `setRoutingProfile`: a profile asked for as a guarded change, checked now as it will be when
 * approved (every problem's part named); nothing routes by it until a second admin approves.
 * The profile in force, unchanged, is a 409.
 */
export async function askRoutingProfile(
  ctx: UserCallContext,
  input: Input,
): Promise<RoutingProfiles> {
  requireAdmin(ctx.actor);
  const target = {
    direction: input.direction,
    currency: input.currency,
    scope: input.scope,
    accountCode: input.accountCode ?? null,
  };
  return ctx.db.transaction(async (tx) => {
    const place = await placeOf(tx, target);
    const { problems, definition } = await routingProfileProblems(
      tx,
      ctx.actor,
      place,
      input.definition,
    );
    const [first, ...more] = problems;
    if (first) throw badFields([first, ...more]);
    const value = profileValue(input.active === 'true', definition);
    const key = routingProfileTarget(target);
    const before = await GUARDED_SETTINGS.routing_profile.current(tx, key, ctx.config);
    if (before.text === value) throw conflict(`The routing profile ${key} is already in force`);
    await askSettingChange(tx, ctx, {
      kind: 'routing_profile',
      target: key,
      before,
      newValue: value,
      reason: input.reason,
    });
    return readRoutingProfiles(tx);
  });
}
