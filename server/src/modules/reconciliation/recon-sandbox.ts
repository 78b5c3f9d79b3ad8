import type { z } from 'zod';
import type { importSandboxStatement } from '@bo/contract';
import {
  DEFAULT_PLANT_RATES,
  SANDBOX_STATEMENT_FORMAT,
  writeSandboxStatement,
  type PlantRates,
  type SandboxStatementEntry,
} from '../../connectors/sandbox/sandbox-statement';
import { AppError, badInput } from '../../core/app-error';
import type { UserCallContext } from '../../core/context';
import type { Db } from '../../db/db';
import type { GatewayRow } from '../gateways/gateways.service';
import { ourTransactions } from './recon-matching';
import {
  gatewayOf,
  importStatement,
  periodOf,
  type Importer,
  type RunSummary,
} from './reconciliation.service';

type SandboxInput = z.output<typeof importSandboxStatement.request>;

/** The rates a request asks for (percent), each defaulting to the sandbox's own. */
function ratesOf(input: SandboxInput): PlantRates {
  const rate = (text: string | undefined, fallback: number) =>
    text === undefined ? fallback : Number(text) / 100;
  const d = DEFAULT_PLANT_RATES;
  return {
    missing: rate(input.missingRate, d.missing),
    extra: rate(input.extraRate, d.extra),
    amount: rate(input.amountRate, d.amount),
    status: rate(input.statusRate, d.status),
    fee: rate(input.feeRate, d.fee),
    duplicate: rate(input.duplicateRate, d.duplicate),
    late: rate(input.lateRate, d.late),
  };
}

/** Our transactions of the gateway and period, as the sandbox writes them. */
async function* entriesOf(
  db: Db,
  gatewayId: string,
  period: { from: Date; to: Date },
): AsyncGenerator<SandboxStatementEntry[]> {
  for await (const chunk of ourTransactions(db, gatewayId, period.from, period.to))
    yield chunk.map((t) => ({
      kind: t.kind,
      id: t.id,
      reference: t.reference,
      orderId: t.order_id,
      currency: t.currency,
      amount: t.amount,
      fee: t.fee,
      status: t.status,
      at: t.created_at,
    }));
}

/** The sandbox's statement of a gateway and period (its text and what it planted). */
export function sandboxStatementOf(
  db: Db,
  gateway: Pick<GatewayRow, 'id'>,
  period: { from: Date; to: Date },
  seed: number,
  rates: PlantRates,
) {
  return writeSandboxStatement(entriesOf(db, gateway.id, period), { seed, rates });
}

/**
 * Has the sandbox write its statement of the period and imports it with the sandbox's own
 * column map, as an upload of that file would be (sandbox gateways only).
 */
export async function importSandbox(
  ctx: UserCallContext,
  input: SandboxInput,
): Promise<RunSummary> {
  const gateway = await gatewayOf(ctx.db, input.gatewayId);
  if (gateway.connector !== 'sandbox')
    throw badInput(
      `${gateway.payment_gateway_code} is not a sandbox gateway: upload its statement`,
    );
  return importSandboxOf(ctx, gateway, periodOf(input), input.seed, ratesOf(input));
}

/** The sandbox's statement of `gateway` and the period, imported as `importer`. */
function importSandboxOf(
  importer: Importer,
  gateway: GatewayRow,
  period: { from: Date; to: Date },
  seed: number,
  rates: PlantRates,
): Promise<RunSummary> {
  const statement = sandboxStatementOf(importer.db, gateway, period, seed, rates);
  const day = period.from.toISOString().slice(0, 10);
  return importStatement(importer, gateway, SANDBOX_STATEMENT_FORMAT, period, {
    fileName: `sandbox-${gateway.payment_gateway_code}-${day}-seed${seed}.csv`,
    source: 'sandbox',
    bytes: statement.text,
  });
}

const DAY_MS = 86_400_000;

/**
 * The daily job: each sandbox gateway's statement of yesterday (the UTC day before `now`),
 * written by the sandbox with its default rates (the day's number as the seed) and imported
 * by the system, once per gateway and day: a gateway with a sandbox run of that day already is
 * left alone, and a statement refused as a file imported before (an empty day writes the same
 * header-only file as an earlier empty day) counts as done. Answers how many it imported.
 */
export async function importYesterdaysStatements(db: Db, now = new Date()): Promise<number> {
  const dayNumber = Math.floor(now.getTime() / DAY_MS) - 1;
  const period = { from: new Date(dayNumber * DAY_MS), to: new Date((dayNumber + 1) * DAY_MS - 1) };
  const { rows } = await db.query<{ id: string }>(
    `SELECT g.id FROM payment_gateways g
      WHERE g.connector = 'sandbox'
        AND NOT EXISTS (SELECT 1 FROM recon_runs r WHERE r.gateway_id = g.id
                           AND r.source = 'sandbox' AND r.period_from = $1 AND r.period_to = $2)
      ORDER BY g.payment_gateway_code`,
    [period.from.toISOString(), period.to.toISOString()],
  );
  const system: Importer = {
    db,
    actor: null,
    clientIp: '',
    userAgent: 'reconciliation-daily',
    requestId: '',
  };
  let imported = 0;
  for (const { id } of rows) {
    const gateway = await gatewayOf(db, id);
    try {
      await importSandboxOf(system, gateway, period, dayNumber, DEFAULT_PLANT_RATES);
      imported++;
    } catch (error) {
      // The same file imported before (409): that day's statement is in already.
      if (!(error instanceof AppError && error.status === 409)) throw error;
    }
  }
  return imported;
}

/**
 * `importYesterdaysStatements` at most once per UTC day in this process (its first money-jobs
 * round of the day); `run` wraps it (the job lock).
 */
export function dailyStatementsJob() {
  let lastDay = -1;
  return async (db: Db, run: (work: () => Promise<unknown>) => Promise<unknown>) => {
    const day = Math.floor(Date.now() / DAY_MS);
    if (day === lastDay) return;
    lastDay = day;
    await run(() => importYesterdaysStatements(db));
  };
}
