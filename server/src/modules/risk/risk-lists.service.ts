import { randomUUID } from 'node:crypto';
import {
  normalizeRiskValue,
  type RiskKeyType,
  type RiskListRow,
  type RiskEntryRow,
  type RiskOwnerScope,
} from '@bo/contract';
import type { Queryable } from '../../db/db';
import { badField, conflictOn, notAllowed, notFound } from '../../core/app-error';
import type { UserCallContext } from '../../core/context';
import { recordAdminLog } from '../admin-logs/admin-log';
import { findAccountInScope, isoOrNull } from '../scoped-lists/scope';
import type { ScopeActor } from '../scoped-lists/list-spec';
import { riskValueHash } from './list-matchers';
import { bumpRiskScope } from './risk-scope';
import {
  findEntryInScope,
  findListInScope,
  insertEntries,
  liveEntriesOf,
  readEntry,
  stampRemoved,
  type RiskEntryRecord,
  type RiskListRecord,
} from './risk-lists.queries';

/** What a list's scope is, from its owner columns. */
export const scopeOf = (l: Pick<RiskListRecord, 'merchant_account_id' | 'reseller_account_id'>) =>
  l.merchant_account_id ? 'merchant' : l.reseller_account_id ? 'reseller' : 'platform';

export const viewRiskList = (l: RiskListRecord): RiskListRow => ({
  id: l.id,
  name: l.name,
  key_type: l.key_type,
  list_type: l.list_type,
  scope: scopeOf(l),
  owner_db_code: l.owner_db_code,
  owner_name: l.owner_name,
  active_entries: Number(l.active_entries),
  created_by: l.created_by,
  created_at: l.created_at.toISOString(),
});

export const viewRiskEntry = (e: RiskEntryRecord): RiskEntryRow => ({
  id: e.id,
  list_id: e.list_id,
  value: e.value,
  state: e.state,
  expires_at: isoOrNull(e.expires_at),
  reason: e.reason,
  created_by: e.created_by,
  created_at: e.created_at.toISOString(),
  removed_at: isoOrNull(e.removed_at),
  removed_by: e.removed_by,
  removal_reason: e.removal_reason,
});

/** The list named by `id` in the actor's scope, or 404 (nothing outside it is revealed). */
export async function listInScope(
  db: Queryable,
  actor: ScopeActor,
  id: string,
  lock = false,
): Promise<RiskListRecord> {
  const list = await findListInScope(db, actor, id, lock);
  if (!list) throw notFound('No risk list in your scope has this id');
  return list;
}

type Owner = Pick<RiskListRecord, 'merchant_account_id' | 'reseller_account_id'>;

/**
 * The owner columns of a new list of `scope`: a platform list is an admin's; a reseller's list
 * is the reseller's own (an admin names the reseller); a merchant's is the merchant's own (an
 * admin or its reseller names the merchant).
 */
async function ownerOf(
  db: Queryable,
  actor: ScopeActor,
  scope: RiskOwnerScope,
  code: string | undefined,
): Promise<Owner> {
  if (scope === 'platform') {
    if (actor.accountType !== 'admin') throw notAllowed('Only an admin can make a platform list');
    if (code)
      throw badField({
        field: 'ownerDbCode',
        rule: 'must be empty for a platform list',
        kind: 'other',
      });
    return { merchant_account_id: null, reseller_account_id: null };
  }
  const own = actor.accountType === scope;
  if (!code && !own)
    throw badField({ field: 'ownerDbCode', rule: `must name the ${scope}`, kind: 'required' });
  const account = code
    ? await findAccountInScope(db, actor, code)
    : await ownAccount(db, actor.scopeAccountId);
  if (account.account_type !== scope)
    throw badField({ field: 'ownerDbCode', rule: `must name a ${scope}`, kind: 'other' });
  if (scope === 'reseller' && actor.accountType === 'merchant') throw notAllowed();
  return scope === 'merchant'
    ? { merchant_account_id: account.id, reseller_account_id: account.reseller_account_id }
    : { merchant_account_id: null, reseller_account_id: account.id };
}

async function ownAccount(db: Queryable, id: string) {
  const { rows } = await db.query<{
    id: string;
    account_type: string;
    reseller_account_id: string | null;
  }>('SELECT id, account_type, reseller_account_id FROM accounts WHERE id = $1', [id]);
  return rows[0]!;
}

export interface NewListInput {
  readonly name: string;
  readonly keyType: RiskKeyType;
  readonly listType: 'block' | 'allow';
  readonly scope: RiskOwnerScope;
  readonly ownerDbCode?: string;
}

/** Makes a list, logged, its scope's version bumped. */
export async function createRiskList(ctx: UserCallContext, input: NewListInput) {
  return ctx.db.transaction(async (tx) => {
    const owner = await ownerOf(tx, ctx.actor, input.scope, input.ownerDbCode);
    const [id, at] = [randomUUID(), new Date()];
    await tx.query(
      `INSERT INTO risk_lists (id, name, key_type, list_type, merchant_account_id,
         reseller_account_id, created_by, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        id,
        input.name,
        input.keyType,
        input.listType,
        owner.merchant_account_id,
        owner.reseller_account_id,
        ctx.actor.accountId,
        at,
      ],
    );
    await bumpRiskScope(tx, owner, at);
    const list = viewRiskList(await listInScope(tx, ctx.actor, id));
    await recordAdminLog(tx, ctx, {
      action: 'risk_list.create',
      actor: ctx.actor,
      targetType: 'risk_list',
      targetId: id,
      at,
      after: list,
    });
    return list;
  });
}

/** A value of a list's key type in canonical form, or a 400 naming `field`. */
export function canonicalValue(keyType: RiskKeyType, raw: string, field = 'value'): string {
  const answer = normalizeRiskValue(keyType, raw);
  if ('problem' in answer) throw badField({ field, rule: answer.problem, kind: 'other' });
  return answer.value;
}

/**
 * When an entry given as `text` stops applying, or why it cannot: a bare date is the end of
 * that day (UTC); the instant must be after `now`.
 */
export function expiryOf(text: string | undefined, now: Date): Date | null | string {
  if (text === undefined || text.trim() === '') return null;
  const trimmed = text.trim();
  const bare = /^\d{4}-\d{2}-\d{2}$/.test(trimmed);
  const at = new Date(bare ? `${trimmed}T00:00:00Z` : trimmed.replace(' ', 'T'));
  if (Number.isNaN(at.getTime())) return 'must be a date such as 2026-12-31';
  if (bare) at.setUTCDate(at.getUTCDate() + 1);
  if (at <= now) return 'must not be in the past';
  return at;
}

/** Adds one entry: normalised, not already active, logged with who and why. */
export async function addRiskEntry(
  ctx: UserCallContext,
  input: { listId: string; value: string; expiresAt?: string; reason: string },
) {
  const at = new Date();
  const expiry = expiryOf(input.expiresAt, at);
  if (typeof expiry === 'string')
    throw badField({ field: 'expiresAt', rule: expiry, kind: 'other' });
  return ctx.db.transaction(async (tx) => {
    const list = await listInScope(tx, ctx.actor, input.listId, true);
    const value = canonicalValue(list.key_type, input.value);
    const live = await liveEntriesOf(tx, list.id, [value], at);
    if (live.some((e) => !e.expired)) throw conflictOn('value', 'is already active in this list');
    await stampRemoved(
      tx,
      live.map((e) => e.id),
      ctx.actor.accountId,
      at,
      'Added again after it expired',
    );
    const id = randomUUID();
    await insertEntries(
      tx,
      list.id,
      [
        {
          id,
          value,
          valueHash: riskValueHash(list.key_type, value),
          expiresAt: expiry,
          reason: input.reason,
        },
      ],
      ctx.actor.accountId,
      at,
    );
    await bumpRiskScope(tx, list, at);
    const entry = viewRiskEntry(await readEntry(tx, id, at));
    await recordAdminLog(tx, ctx, {
      action: 'risk_list.entry_add',
      actor: ctx.actor,
      targetType: 'risk_list',
      targetId: list.id,
      at,
      after: { entry_id: id, value, expires_at: entry.expires_at, reason: input.reason },
    });
    return entry;
  });
}

/** Removes an entry: stamped with who, when and why; the row stays. */
export async function removeRiskEntry(ctx: UserCallContext, input: { id: string; reason: string }) {
  return ctx.db.transaction(async (tx) => {
    const seen = await findEntryInScope(tx, ctx.actor, input.id);
    if (!seen) throw notFound('No risk list entry in your scope has this id');
    const list = await listInScope(tx, ctx.actor, seen.list_id, true);
    const found = (await findEntryInScope(tx, ctx.actor, input.id, true))!;
    if (found.removed_at) throw conflictOn('id', 'names an entry already removed');
    const at = new Date();
    await stampRemoved(tx, [found.id], ctx.actor.accountId, at, input.reason);
    await bumpRiskScope(tx, list, at);
    await recordAdminLog(tx, ctx, {
      action: 'risk_list.entry_remove',
      actor: ctx.actor,
      targetType: 'risk_list',
      targetId: list.id,
      at,
      before: { entry_id: found.id, value: found.value },
      after: { removed: true, reason: input.reason },
    });
    return viewRiskEntry(await readEntry(tx, found.id, at));
  });
}
