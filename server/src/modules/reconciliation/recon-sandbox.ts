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
import type { AloneOutcome } from '../../db/job-lock';
import type { PumpErrorLog } from '../../db/queue-pump';
import type { GatewayRow } from '../gateways/gateways.service';
import { hasOurTransactions, ourTransactions, sweepAbandonedStaging } from './recon-matching';
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

/** The file name a sandbox statement is imported under (one per gateway, day and seed). */
export const sandboxFileName = (gatewayCode: string, from: Date, seed: number) =>
  `sandbox-${gatewayCode}-${from.toISOString().slice(0, 10)}-seed${seed}.csv`;

/** The sandbox's statement of `gateway` and the period, imported as `importer`. */
export function importSandboxOf(
  importer: Importer,
  gateway: GatewayRow,
  period: { from: Date; to: Date },
  seed: number,
  rates: PlantRates,
): Promise<RunSummary> {
  const statement = sandboxStatementOf(importer.db, gateway, period, seed, rates);
  return importStatement(importer, gateway, SANDBOX_STATEMENT_FORMAT, period, {
    fileName: sandboxFileName(gateway.payment_gateway_code, period.from, seed),
    source: 'sandbox',
    bytes: statement.text,
  });
}

const DAY_MS = 86_400_000;
/** How long the daily job waits before trying a day again after a failure. */
export const DAILY_RETRY_MS = 60_000;

/** What a day's import did: the gateways imported, and the codes of those that failed. */
export interface DailyImport {
  imported: number;
  failed: string[];
}

/**
 * The daily job: each sandbox gateway's statement of yesterday (the UTC day before `now`),
 * written by the sandbox with its default rates (the day's number as the seed) and imported
 * by the system, once per gateway and day. A gateway with no transaction of ours that day has
 * no statement to hold against them: no run. A gateway with a sandbox run of that day already
 * is left alone, and a statement refused as a file imported before (another server process
 * was quicker) counts as done. A gateway whose import fails is logged and answered in
 * `failed`; the others go on. First it sweeps the staging tables of imports abandoned by a
 * server process that ended mid-import (`sweepAbandonedStaging`): on each server's start,
 * then daily.
 */
export async function importYesterdaysStatements(
  db: Db,
  log: PumpErrorLog,
  now = new Date(),
): Promise<DailyImport> {
  await sweepAbandonedStaging(db, now);
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
  const done: DailyImport = { imported: 0, failed: [] };
  for (const { id } of rows) {
    const gateway = await gatewayOf(db, id);
    try {
      if (!(await hasOurTransactions(db, id, period.from, period.to))) continue;
      await importSandboxOf(system, gateway, period, dayNumber, DEFAULT_PLANT_RATES);
      done.imported++;
    } catch (error) {
      // The same file imported before (409): that day's statement is in already.
      if (error instanceof AppError && error.status === 409) continue;
      log.error(
        { err: error, gateway: gateway.payment_gateway_code, day: period.from },
        "importing a sandbox gateway's daily statement failed",
      );
      done.failed.push(gateway.payment_gateway_code);
    }
  }
  return done;
}

/**
 * `importYesterdaysStatements` once per UTC day in this process, started by the money jobs'
 * round (`startWhenDue`, under the job lock `run` takes) and run beside it, never holding the
 * once-a-second round up, one at a time. The day counts as done only once every gateway's
 * statement is in; after a failure (or another process holding the lock) it is tried again
 * `DAILY_RETRY_MS` later. `idle` waits for an import under way (the server stopping).
 */
export function dailyStatementsJob(log: PumpErrorLog) {
  let lastDay = -1;
  let retryAt = 0;
  let running: Promise<void> | null = null;
  return {
    startWhenDue(
      db: Db,
      run: (work: () => Promise<DailyImport>) => Promise<AloneOutcome<DailyImport>>,
      now = Date.now(),
    ): void {
      const day = Math.floor(now / DAY_MS);
      if (running || day === lastDay || now < retryAt) return;
      running = run(() => importYesterdaysStatements(db, log, new Date(now)))
        .then((outcome) => {
          if (outcome.ran && outcome.value.failed.length === 0) lastDay = day;
          else retryAt = now + DAILY_RETRY_MS;
        })
        .catch((error: unknown) => {
          log.error({ err: error }, "importing the sandbox gateways' daily statements failed");
          retryAt = now + DAILY_RETRY_MS;
        })
        .finally(() => {
          running = null;
        });
    },
    idle: (): Promise<void> => running ?? Promise.resolve(),
  };
}
