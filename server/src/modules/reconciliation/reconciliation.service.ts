import { randomUUIDv7 } from 'node:crypto';
import {
  formatAmount,
  RECON_CLASSES,
  type CallResponse,
  type getReconRun,
  type ReconClass,
} from '@bo/contract';
import { conflict, badInput, notFound } from '../../core/app-error';
import type { Actor, RequestOrigin } from '../../core/context';
import { violatesConstraint, type Db, type Queryable } from '../../db/db';
import { recordAdminLog } from '../admin-logs/admin-log';
import { findGatewayById, type GatewayRow } from '../gateways/gateways.service';
import type { ColumnMap } from './column-map';
import { createStaging, dropStaged, matchStagedLines, stagerOf } from './recon-matching';
import {
  findRunOfFile,
  findRunWithTotals,
  type RunRecord,
  type RunTotalRecord,
} from './reconciliation.queries';
import { readStatement } from './statement-reader';

/** Statement lines by their reference, for the global search (admins only; the caller decides). */
export { findReconLinesByReference } from './recon-line-search.queries';

export type RunSummary = CallResponse<typeof getReconRun>;

/** The classes a statement line can land in (all but ours the statement lacks). */
const STATEMENT_CLASSES: readonly ReconClass[] = RECON_CLASSES.filter(
  (c) => c !== 'missing_at_gateway',
);
/** The classes holding a transaction of ours once (a duplicate line names one a second time). */
const OUR_CLASSES: readonly ReconClass[] = [
  'matched',
  'amount_mismatch',
  'status_mismatch',
  'fee_mismatch',
  'missing_at_gateway',
];

/** A gateway by id, or a 404. */
export async function gatewayOf(db: Queryable, id: string): Promise<GatewayRow> {
  const gateway = await findGatewayById(db, id);
  if (!gateway) throw notFound('There is no payment gateway with this id');
  return gateway;
}

/** The period of an import, both ends included; refused when it ends before it starts. */
export function periodOf(input: { from: string; to: string }): { from: Date; to: Date } {
  const from = new Date(input.from);
  const to = new Date(input.to);
  if (to < from) throw badInput('to must not be before from');
  return { from, to };
}

export const viewRun = (r: RunRecord) => ({
  id: r.id,
  gateway_id: r.gateway_id,
  payment_gateway_code: r.payment_gateway_code,
  payment_gateway_name: r.payment_gateway_name,
  period_from: r.period_from.toISOString(),
  period_to: r.period_to.toISOString(),
  file_name: r.file_name,
  file_sha256: r.file_sha256,
  source: r.source,
  line_count: r.line_count,
  matched_count: r.matched_count,
  difference_count: r.difference_count,
  resolved_count: r.resolved_count,
  created_by: r.created_by,
  created_at: r.created_at.toISOString(),
});

/**
 * A run's summary per currency: each class's count and sums, the statement's lines as read
 * and ours, and whether the classes add up to them.
 */
function currenciesOf(
  totals: readonly RunTotalRecord[],
  read: Readonly<Record<string, { count: number; amount: string }>>,
): RunSummary['currencies'] {
  const codes = [...new Set([...totals.map((t) => t.currency), ...Object.keys(read)])].sort();
  return codes.map((currency) => {
    const mine = totals.filter((t) => t.currency === currency);
    const of = (c: ReconClass) => mine.find((t) => t.class === c);
    const sum = (classes: readonly ReconClass[], pick: (t: RunTotalRecord) => bigint | number) =>
      classes.reduce((s, c) => s + BigInt(of(c) ? pick(of(c)!) : 0), 0n);
    const statementCount = sum(STATEMENT_CLASSES, (t) => t.line_count);
    const statementAmount = sum(STATEMENT_CLASSES, (t) => t.statement_amount);
    const asRead = read[currency] ?? { count: 0, amount: '0' };
    return {
      currency,
      statement_count: Number(statementCount),
      statement_amount: formatAmount(statementAmount, currency),
      our_count: Number(sum(OUR_CLASSES, (t) => t.line_count)),
      our_amount: formatAmount(
        sum(OUR_CLASSES, (t) => t.our_amount),
        currency,
      ),
      classes: RECON_CLASSES.map((c) => {
        const t = of(c);
        return {
          class: c,
          count: t?.line_count ?? 0,
          statement_amount: formatAmount(t?.statement_amount ?? 0n, currency),
          our_amount: formatAmount(t?.our_amount ?? 0n, currency),
          statement_fee: formatAmount(t?.statement_fee ?? 0n, currency),
          our_fee: formatAmount(t?.our_fee ?? 0n, currency),
        };
      }),
      balances:
        statementCount === BigInt(asRead.count) && statementAmount === BigInt(asRead.amount),
    };
  });
}

/** One run's summary, or a 404. */
export async function runSummary(db: Queryable, id: string): Promise<RunSummary> {
  const found = await findRunWithTotals(db, id);
  if (!found) throw notFound('There is no reconciliation run with this id');
  return { run: viewRun(found.run), currencies: currenciesOf(found.totals, found.statementTotals) };
}

/** A statement to import: its bytes as they stream in, its name, where it came from. */
export interface StatementFile {
  readonly fileName: string;
  readonly source: 'upload' | 'sandbox';
  readonly bytes: AsyncIterable<Buffer | Uint8Array | string>;
  /** An upload's end: refuses a part after the file (`StreamedFile.end`), before the run is written. */
  readonly end?: () => Promise<void>;
}

/** Who imports a statement: an admin's call, or the daily job (`actor` null: the system). */
export interface Importer extends RequestOrigin {
  readonly db: Db;
  readonly actor: Pick<Actor, 'accountId' | 'username' | 'accountType'> | null;
}

/**
 * Imports a statement of `gateway` read with `map` and matches it into a new run: the lines
 * are staged in batches as the file streams in, then matched, totalled and the run written in
 * one transaction, audited. A bad file, or one imported before for the gateway, is refused and
 * leaves nothing behind (its staged lines are dropped).
 */
export async function importStatement(
  ctx: Importer,
  gateway: GatewayRow,
  map: ColumnMap,
  period: { from: Date; to: Date },
  file: StatementFile,
): Promise<RunSummary> {
  const db: Db = ctx.db;
  // Its time is in it: the sweep of abandoned staging tables reads it (`importStartOf`).
  const id = randomUUIDv7();
  const reading = readStatement(file.bytes, map, gateway.currency);
  const read = new Map<string, { count: number; amount: bigint }>();
  const stager = stagerOf(db, id);
  await createStaging(db, id);
  try {
    for await (const batch of reading.batches()) {
      for (const line of batch) {
        const t = read.get(line.currency);
        if (t) {
          t.count++;
          t.amount += line.amount;
        } else read.set(line.currency, { count: 1, amount: line.amount });
      }
      await stager.add(batch);
    }
    await stager.done();
    await file.end?.();
    const sha256 = reading.sha256();
    const refuseAgain = (earlier: RunRecord) =>
      conflict(
        `This file was imported already for ${gateway.payment_gateway_code}: run ${earlier.id} of ${earlier.created_at.toISOString()}`,
      );
    await db
      .transaction(async (tx) => {
        const earlier = await findRunOfFile(tx, gateway.id, sha256);
        if (earlier) throw refuseAgain(earlier);
        await matchStagedLines(
          tx,
          {
            id,
            gatewayId: gateway.id,
            ...period,
            fileName: file.fileName,
            sha256,
            source: file.source,
            lineCount: reading.lineCount(),
            statementTotals: Object.fromEntries(
              [...read].map(([c, t]) => [c, { count: t.count, amount: t.amount.toString() }]),
            ),
            createdBy: ctx.actor?.accountId ?? null,
          },
          db.kind,
        );
        await recordAdminLog(tx, ctx, {
          action: 'reconciliation.import',
          actor: ctx.actor,
          actorLabel: ctx.actor ? undefined : 'system',
          targetType: 'recon_run',
          targetId: id,
          after: {
            gateway: gateway.payment_gateway_code,
            from: period.from.toISOString(),
            to: period.to.toISOString(),
            file_name: file.fileName,
            file_sha256: sha256,
            line_count: reading.lineCount(),
          },
        });
      })
      .catch(async (error: unknown) => {
        if (!violatesConstraint(error, 'recon_runs_file_once')) throw error;
        const earlier = await findRunOfFile(db, gateway.id, sha256);
        throw earlier ? refuseAgain(earlier) : error;
      });
  } finally {
    // Matched: already dropped in its transaction; refused: nothing of it may stay (once no
    // COPY into it is still on its way). A drop that fails (the connection lost) must not turn
    // a run made into an error: the sweep of abandoned staging tables drops it later.
    await stager.settled();
    await dropStaged(db, id).catch(() => undefined);
  }
  return runSummary(db, id);
}
