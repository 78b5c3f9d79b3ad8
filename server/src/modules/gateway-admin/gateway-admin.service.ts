import { randomUUID } from 'node:crypto';
import {
  formatAmount,
  MAX_AMOUNT_MINOR,
  parsePercentPpm,
  readAmount,
  readPositiveAmount,
  type GatewayAdminRow,
} from '@bo/contract';
import { badInput, conflict, notFound } from '../../core/app-error';
import type { UserCallContext } from '../../core/context';
import type { Queryable } from '../../db/db';
import { gatewayKey, platformKey, PLATFORM_OWNER } from '../../ledger/ledger-accounts';
import { postJournals } from '../../ledger/postings';
import { recordAdminLog } from '../admin-logs/admin-log';
import {
  announceGatewayChange,
  changeGatewayStatus,
  lockGatewayById,
} from '../gateways/gateways.service';
import { encryptCredentials } from './credentials-cipher';
import {
  findCodeClash,
  findGatewayRecord,
  insertDepositAdjustment,
  insertGateway,
  updateGatewaySettings,
  type GatewayAdminRecord,
  type GatewaySettings,
} from './gateway-admin.queries';
import { viewGatewayAdmin } from './gateway-lists';

/** The settings as the forms send them (decimal strings, percents). */
export interface GatewaySettingsInput {
  name: string;
  country: string;
  connector: string;
  balanceLimit: string;
  payinCostPercent: string;
  payinCostFixed: string;
  payoutCostPercent: string;
  payoutCostFixed: string;
  credentials?: string | undefined;
}

/** Reads an amount ≥ 0 in `currency`, or refuses naming the field. */
function amountOf(field: string, text: string, currency: string): bigint {
  const read = readAmount(text, currency);
  if (!read.ok) throw badInput(`${field} ${read.message}`);
  if (read.minor > MAX_AMOUNT_MINOR) throw badInput(`${field} is too large`);
  return read.minor;
}

function ppmOf(field: string, text: string): number {
  const ppm = parsePercentPpm(text);
  if (ppm === null)
    throw badInput(`${field} must be a percent from 0 to 100 with at most 4 decimals`);
  return ppm;
}

/** The settings in stored units; a bad one refuses the whole request (nothing is written). */
function readSettings(input: GatewaySettingsInput, currency: string): GatewaySettings {
  return {
    name: input.name,
    country: input.country,
    connector: input.connector,
    balanceLimit: amountOf('balanceLimit', input.balanceLimit, currency),
    payinCostPpm: ppmOf('payinCostPercent', input.payinCostPercent),
    payinCostFixed: amountOf('payinCostFixed', input.payinCostFixed, currency),
    payoutCostPpm: ppmOf('payoutCostPercent', input.payoutCostPercent),
    payoutCostFixed: amountOf('payoutCostFixed', input.payoutCostFixed, currency),
  };
}

/** What the admin log keeps of a gateway: its settings, never its credentials. */
function auditOf(kept: GatewayAdminRecord) {
  return {
    name: kept.payment_gateway_name,
    code: kept.payment_gateway_code,
    db_code: kept.payment_db_code,
    currency: kept.currency,
    country: kept.country,
    connector: kept.connector,
    status: kept.status,
    balance_limit: formatAmount(kept.balance_limit, kept.currency),
    payin_cost_ppm: kept.payin_cost_ppm,
    payin_cost_fixed: formatAmount(kept.payin_cost_fixed, kept.currency),
    payout_cost_ppm: kept.payout_cost_ppm,
    payout_cost_fixed: formatAmount(kept.payout_cost_fixed, kept.currency),
    has_credentials: kept.has_credentials,
  };
}

async function readRecord(db: Queryable, id: string): Promise<GatewayAdminRecord> {
  const record = await findGatewayRecord(db, id);
  if (!record) throw notFound('No payment gateway has this id');
  return record;
}

/** Adds an activated gateway, audited; a used code or db code is a conflict. */
export function createGateway(
  ctx: UserCallContext,
  input: GatewaySettingsInput & { code: string; dbCode: string; currency: string },
): Promise<GatewayAdminRow> {
  const settings = readSettings(input, input.currency);
  const credentials = input.credentials
    ? encryptCredentials(ctx.config.sandboxSecret, input.credentials)
    : null;
  return ctx.db
    .transaction(async (tx) => {
      const clash = await findCodeClash(tx, input.code, input.dbCode);
      if (clash === 'code') throw conflict(`A payment gateway already has the code ${input.code}`);
      if (clash) throw conflict(`A payment gateway already has the db code ${input.dbCode}`);
      const { code, dbCode, currency } = input;
      const id = await insertGateway(tx, { ...settings, code, dbCode, currency, credentials });
      const after = await readRecord(tx, id);
      await recordAdminLog(tx, ctx, {
        action: 'payment_gateway.create',
        actor: ctx.actor,
        targetType: 'payment_gateway',
        targetId: id,
        after: auditOf(after),
      });
      return viewGatewayAdmin(after);
    })
    .finally(announceGatewayChange);
}

/**
 * Changes a gateway's settings, audited with before and after. Empty credentials keep the
 * stored ones; `clearCredentials` removes them. A change to nothing writes nothing.
 */
export function updateGateway(
  ctx: UserCallContext,
  id: string,
  input: GatewaySettingsInput & { clearCredentials?: boolean | undefined },
): Promise<GatewayAdminRow> {
  return ctx.db
    .transaction(async (tx) => {
      if (!(await lockGatewayById(tx, id))) throw notFound('No payment gateway has this id');
      const before = await readRecord(tx, id);
      const settings = readSettings(input, before.currency);
      const credentials = input.credentials
        ? encryptCredentials(ctx.config.sandboxSecret, input.credentials)
        : input.clearCredentials
          ? null
          : undefined;
      await updateGatewaySettings(tx, id, settings, credentials);
      const after = await readRecord(tx, id);
      const [was, is] = [auditOf(before), auditOf(after)];
      const credentialsChange =
        credentials === undefined ? undefined : credentials === null ? 'cleared' : 'replaced';
      if (JSON.stringify(was) === JSON.stringify(is) && !credentialsChange)
        return viewGatewayAdmin(before);
      await recordAdminLog(tx, ctx, {
        action: 'payment_gateway.update',
        actor: ctx.actor,
        targetType: 'payment_gateway',
        targetId: id,
        before: was,
        after: credentialsChange ? { ...is, credentials: credentialsChange } : is,
      });
      return viewGatewayAdmin(after);
    })
    .finally(announceGatewayChange);
}

/** Activates or deactivates a gateway with a reason (gateways' `changeGatewayStatus`). */
export function setGatewayStatus(
  ctx: UserCallContext,
  input: { id: string; status: 'activated' | 'inactive'; reason: string },
): Promise<GatewayAdminRow> {
  return ctx.db
    .transaction(async (tx) => {
      await changeGatewayStatus(tx, ctx, { ...input, actor: ctx.actor });
      return viewGatewayAdmin(await readRecord(tx, input.id));
    })
    .finally(announceGatewayChange);
}

/** One change of a gateway's deposit balance, by `delta` (minor units), from `before`. */
export interface DepositAdjustment {
  readonly gatewayId: string;
  readonly currency: string;
  readonly delta: bigint;
  readonly before: bigint;
  readonly reason: string;
  /** Who made it, as the journal's details name them; `createdBy` is their account (null: none). */
  readonly by: string;
  readonly createdBy: string | null;
  readonly at: Date;
}

/**
 * Posts a deposit adjustment: the journal (the gateway's clearing account −delta, the
 * platform's bank +delta) and its row; answers the journal's id. The caller checks and audits.
 */
export async function postDepositAdjustment(tx: Queryable, a: DepositAdjustment): Promise<string> {
  const adjustmentId = randomUUID();
  const [journalId] = await postJournals(tx, [
    {
      ownerAccountId: PLATFORM_OWNER,
      kind: 'gateway_deposit.adjust',
      refType: 'gateway_deposit_adjustment',
      refId: adjustmentId,
      details: { reason: a.reason, by: a.by },
      createdAt: a.at,
      entries: [
        { account: gatewayKey(a.gatewayId, a.currency), amount: -a.delta },
        { account: platformKey(a.currency, 'bank'), amount: a.delta },
      ],
    },
  ]);
  await insertDepositAdjustment(tx, {
    id: adjustmentId,
    gatewayId: a.gatewayId,
    currency: a.currency,
    amount: a.delta,
    before: a.before,
    after: a.before + a.delta,
    reason: a.reason,
    journalId: journalId!,
    createdBy: a.createdBy,
  });
  return journalId!;
}

/**
 * Moves a gateway's deposit balance by a balanced journal: the gateway's clearing account
 * −delta (it holds delta more for the platform), the platform's bank +delta (the money went
 * there from the bank, or back). Under the gateway's row lock, so two adjustments never read
 * the same "before"; a decrease below zero is a conflict. Audited in the same transaction.
 */
export function adjustDeposit(
  ctx: UserCallContext,
  input: { id: string; direction: 'increase' | 'decrease'; amount: string; reason: string },
) {
  return ctx.db.transaction(async (tx) => {
    const gateway = await lockGatewayById(tx, input.id);
    if (!gateway) throw notFound('No payment gateway has this id');
    const read = readPositiveAmount(input.amount, gateway.currency);
    if (!read.ok) throw badInput(`amount ${read.message}`);
    const minor = read.minor;
    const delta = input.direction === 'increase' ? minor : -minor;
    const before = (await readRecord(tx, input.id)).deposit_balance;
    const expected = before + delta;
    if (expected < 0n)
      throw conflict(
        `The deposit balance is ${formatAmount(before, gateway.currency)} ${gateway.currency}: it cannot go below zero`,
      );
    const journalId = await postDepositAdjustment(tx, {
      gatewayId: gateway.id,
      currency: gateway.currency,
      delta,
      before,
      reason: input.reason,
      by: ctx.actor.username,
      createdBy: ctx.actor.accountId,
      at: new Date(),
    });
    const after = await readRecord(tx, input.id);
    if (after.deposit_balance !== expected) throw new Error('deposit adjustment did not add up');
    const [beforeText, afterText] = [before, after.deposit_balance].map((v) =>
      formatAmount(v, gateway.currency),
    );
    await recordAdminLog(tx, ctx, {
      action: 'payment_gateway.adjust_deposit',
      actor: ctx.actor,
      targetType: 'payment_gateway',
      targetId: gateway.id,
      before: { pg_deposit_balance: beforeText },
      after: {
        pg_deposit_balance: afterText,
        amount: formatAmount(delta, gateway.currency),
        reason: input.reason,
        journal_id: journalId,
      },
    });
    return {
      gateway: viewGatewayAdmin(after),
      journal_id: journalId!,
      balance_before: beforeText!,
      balance_after: afterText!,
    };
  });
}
