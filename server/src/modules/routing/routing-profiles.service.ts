import { randomUUID } from 'node:crypto';
import {
  canonicalJson,
  gatewayCodesOf,
  readRoutingProfile,
  rulePathText,
  type FieldProblem,
  type RoutingDirection,
  type RoutingProfileDefinition,
  type RoutingProfileRow,
  type RoutingScope,
} from '@bo/contract';
import { badFields, conflict } from '../../core/app-error';
import type { Actor, RequestOrigin } from '../../core/context';
import type { Queryable } from '../../db/db';
import { recordAdminLog } from '../admin-logs/admin-log';
import { conditionProblems } from '../risk/rule-validate';
import { forgetRouting } from './routing-context';

/** Where a profile applies: its direction and currency, and whose traffic (a scope's account). */
export interface ProfilePlace {
  readonly direction: RoutingDirection;
  readonly currency: string;
  readonly scope: RoutingScope;
  /** The reseller or merchant (by id) of a reseller's or merchant's profile; null for the platform's. */
  readonly accountId: string | null;
}

const problem = (field: string, rule: string): FieldProblem => ({ field, rule, kind: 'other' });

/**
 * Every problem of a profile for `place`, the schema's first: each rule's conditions as a
 * platform rule's are checked (accounts, currencies), and each gateway it names must be an
 * active gateway of the profile's currency (a deleted or inactive one is refused on save).
 */
export async function routingProfileProblems(
  db: Queryable,
  actor: Actor,
  place: ProfilePlace,
  input: unknown,
): Promise<{
  problems: FieldProblem[];
  definition?: RoutingProfileDefinition;
  canonical?: string;
}> {
  const read = readRoutingProfile(input);
  if (!read.ok) return { problems: read.problems };
  const problems: FieldProblem[] = [];
  const owner = { scope: 'platform' as const, merchantId: null, resellerId: null };
  for (const [i, step] of read.definition.steps.entries())
    if ('rules' in step)
      for (const [j, rule] of step.rules.entries())
        problems.push(
          ...(await conditionProblems(db, actor, owner, rule.when, [
            'steps',
            i,
            'rules',
            j,
            'when',
          ])),
        );
  const named = gatewayCodesOf(read.definition);
  const { rows } = await db.query<{ code: string; currency: string; status: string }>(
    `SELECT payment_gateway_code AS code, currency, status FROM payment_gateways
      WHERE payment_gateway_code = ANY ($1::text[])`,
    [[...named.keys()]],
  );
  const found = new Map(rows.map((r) => [r.code, r]));
  for (const [code, path] of named) {
    const gateway = found.get(code);
    const field = rulePathText(path);
    if (!gateway) problems.push(problem(field, `names no gateway (${code})`));
    else if (gateway.currency !== place.currency)
      problems.push(
        problem(field, `${code} is a ${gateway.currency} gateway, not ${place.currency}`),
      );
    else if (gateway.status !== 'activated') problems.push(problem(field, `${code} is inactive`));
  }
  return { problems, definition: read.definition, canonical: read.canonical };
}

/** The profile in force at `place` (its row held until the transaction ends), or null. */
export async function lockRoutingProfile(tx: Queryable, place: ProfilePlace) {
  const { rows } = await tx.query<{
    id: string;
    current_version: number;
    active: boolean;
    definition: unknown;
  }>(
    `SELECT p.id, p.current_version, p.active, v.definition
       FROM routing_profiles p
       JOIN routing_profile_versions v ON v.profile_id = p.id AND v.version = p.current_version
      WHERE p.direction = $1 AND p.currency = $2 AND p.scope = $3
        AND p.account_id IS NOT DISTINCT FROM $4::uuid
      FOR UPDATE OF p`,
    [place.direction, place.currency, place.scope, place.accountId],
  );
  return rows[0] ?? null;
}

/** What a profile's save records: who, why, and the request it came from. */
export interface ProfileWriter {
  readonly origin: RequestOrigin;
  readonly actor: Actor;
  readonly note: string;
}

/**
 * Puts a profile in force at `place`, checked as on save: a new version (the first creates the
 * profile), its admin-log entry, in the caller's transaction. The same definition and state as
 * in force is a conflict. Intake routes by it within `CHECK_MS` on every server instance.
 */
export async function putRoutingProfile(
  tx: Queryable,
  writer: ProfileWriter,
  place: ProfilePlace,
  input: { definition: unknown; active: boolean },
): Promise<{ id: string; version: number }> {
  const { problems, definition, canonical } = await routingProfileProblems(
    tx,
    writer.actor,
    place,
    input.definition,
  );
  if (problems[0]) throw badFields([problems[0], ...problems.slice(1)]);
  const before = await lockRoutingProfile(tx, place);
  if (before && before.active === input.active && canonicalJson(before.definition) === canonical)
    throw conflict('This routing profile is already in force');
  const id = before?.id ?? randomUUID();
  const version = (before?.current_version ?? 0) + 1;
  const now = new Date();
  await tx.query(
    `INSERT INTO routing_profiles (id, scope, account_id, currency, direction, current_version, active, updated_at)
     VALUES ($1, $2, $3, $4, $5, 0, $6, $7)
     ON CONFLICT DO NOTHING`,
    [id, place.scope, place.accountId, place.currency, place.direction, input.active, now],
  );
  await tx.query(
    `INSERT INTO routing_profile_versions (profile_id, version, definition, note, created_by, created_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [id, version, canonical, writer.note, writer.actor.accountId, now],
  );
  await tx.query(
    'UPDATE routing_profiles SET current_version = $2, active = $3, updated_at = $4 WHERE id = $1',
    [id, version, input.active, now],
  );
  await recordAdminLog(tx, writer.origin, {
    action: 'routing_profile.update',
    actor: writer.actor,
    targetType: 'routing_profile',
    targetId: id,
    before: before ? { version: before.current_version, active: before.active } : null,
    after: { ...place, version, active: input.active, definition: definition!, note: writer.note },
  });
  forgetRouting();
  return { id, version };
}

/** Every routing profile with its version in force, by direction, currency, scope and account. */
export async function listRoutingProfiles(db: Queryable): Promise<RoutingProfileRow[]> {
  const { rows } = await db.query<
    Omit<RoutingProfileRow, 'definition' | 'updated_at'> & { definition: unknown; updated_at: Date }
  >(
    `SELECT p.id, p.direction, p.currency, p.scope, coalesce(a.account_db_code, '') AS account_code,
            p.current_version AS version, p.active, v.definition, p.updated_at
       FROM routing_profiles p
       JOIN routing_profile_versions v ON v.profile_id = p.id AND v.version = p.current_version
       LEFT JOIN accounts a ON a.id = p.account_id
      ORDER BY p.direction, p.currency, array_position(ARRAY['platform', 'reseller', 'merchant'], p.scope),
               a.account_db_code NULLS FIRST`,
  );
  return rows.map((r) => ({
    ...r,
    definition: canonicalJson(r.definition),
    updated_at: r.updated_at.toISOString(),
  }));
}
