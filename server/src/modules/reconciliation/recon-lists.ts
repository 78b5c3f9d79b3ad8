import {
  formatAmount,
  LIST_COUNT_CAP,
  RECON_CLASSES,
  RECON_WRITE_OFF_QUEUE_STATES,
  type ReconLineRow,
  type ReconClass,
  type ReconRunRow,
  type ReconWriteOffRow,
} from '@bo/contract';
import type { UserCallContext } from '../../core/context';
import { defineScopedList, serveList, type ListInput } from '../scoped-lists/list-query';
import {
  countLinesByClass,
  findLines,
  sumLines,
  RUN_COLUMNS,
  RUN_FROM,
  type LineFilter,
  type LineRecord,
  type RunRecord,
} from './reconciliation.queries';
import { viewRun } from './reconciliation.service';

/** Every run (an admin's list: the call's rule lets only admins through). */
const runList = defineScopedList<RunRecord>({
  from: RUN_FROM,
  columns: RUN_COLUMNS,
  alias: 'r',
  scope: {},
  codes: { gateway: 'g.payment_gateway_code = ?' },
  search: { ids: [], texts: [] },
  sorts: { created_at: 'r.created_at', period_from: 'r.period_from' },
  defaultSort: 'created_at',
});

/** /reconciliation's runs and their export. */
export const runListService = serveList(runList, (r): ReconRunRow => viewRun(r));

const amountOrNull = (minor: bigint | null, currency: string) =>
  minor === null ? null : formatAmount(minor, currency);

export const viewLine = (r: LineRecord): ReconLineRow => ({
  seq: r.seq,
  line_no: r.line_no,
  class: r.class,
  reference: r.reference,
  order_id: r.order_id,
  currency: r.currency,
  amount: amountOrNull(r.amount, r.currency),
  fee: amountOrNull(r.fee, r.currency),
  status: r.status,
  occurred_at: r.occurred_at ? r.occurred_at.toISOString() : null,
  outside_period: r.outside_period,
  our_kind: r.our_kind,
  our_id: r.our_id,
  our_currency: r.our_currency,
  our_amount: amountOrNull(r.our_amount, r.our_currency ?? r.currency),
  our_fee: amountOrNull(r.our_fee, r.our_currency ?? r.currency),
  our_status: r.our_status,
  resolution: r.resolution,
  resolution_status: r.resolution_status,
  resolution_id: r.resolution_id,
  closed_write_off: r.closed_write_off,
});

type LineInput = LineFilter & Pick<ListInput, 'page' | 'pageSize' | 'direction'>;

const filterOf = (input: LineInput): LineFilter => ({
  runId: input.runId,
  class: input.class,
  currency: input.currency,
  search: input.search,
});

/**
 * A run's lines: a page in file order with the count of each class (the tabs) matching the
 * other filters, and every matching line for the export, a keyset chunk at a time.
 */
export const lineListService = {
  async page(ctx: UserCallContext, input: LineInput) {
    const filter = filterOf(input);
    const offset = (input.page - 1) * input.pageSize;
    const descending = input.direction === 'desc';
    const [rows, { counts, exact }] = await Promise.all([
      findLines(ctx.db, filter, { limit: input.pageSize, offset, descending }),
      countLinesByClass(ctx.db, filter, RECON_CLASSES, LIST_COUNT_CAP),
    ]);
    const total = input.class
      ? counts[input.class]!
      : Object.values(counts).reduce((s, n) => s + n, 0);
    // Counts from the run's totals are exact at any size; a search's are capped.
    const cap = exact ? Infinity : LIST_COUNT_CAP;
    const capped = total > cap;
    return {
      rows: rows.map(viewLine),
      total: capped ? Math.max(cap, offset + rows.length) : total,
      page: input.page,
      page_size: input.pageSize,
      status_counts: Object.fromEntries(
        Object.entries(counts).map(([c, n]) => [c, Math.min(n, cap)]),
      ),
      ...(capped ? { total_is_capped: true } : {}),
    };
  },
  /** The list kit's totals strip: count and sums per currency (`sumLines`). */
  async totals(ctx: UserCallContext, input: LineInput) {
    const sums = await sumLines(ctx.db, filterOf(input));
    return {
      totals: sums.map((s) => ({
        currency: s.currency,
        count: Number(s.n),
        amount: formatAmount(s.amount, s.currency),
        fee: formatAmount(s.fee, s.currency),
        net_amount: null,
        fee_split: null,
      })),
      capped: false,
    };
  },
  async *chunks(ctx: UserCallContext, input: LineInput) {
    const filter = filterOf(input);
    const descending = input.direction === 'desc';
    let afterSeq: number | undefined;
    for (;;) {
      const rows = await findLines(ctx.db, filter, { limit: 2000, afterSeq, descending });
      if (!rows.length) return;
      afterSeq = rows[rows.length - 1]!.seq;
      yield rows.map(viewLine);
      if (rows.length < 2000) return;
    }
  },
};

/** A write-off waiting for approvals (or ended without posting), with its line and gateway. */
interface WaitingWriteOffRecord {
  id: string;
  run_id: string;
  seq: number;
  payment_gateway_code: string;
  class: ReconClass;
  reference: string;
  order_id: string;
  currency: string;
  difference: bigint;
  note: string;
  requested_by: string;
  created_at: Date;
  status: ReconWriteOffRow['status'];
  decided_at: Date | null;
}

/**
 * Every write-off still waiting for its approvals, whichever run (the checker's queue); or,
 * by `state`, those rejected or expired.
 */
const writeOffList = defineScopedList<WaitingWriteOffRecord>({
  from: `FROM recon_resolutions x JOIN recon_runs r ON r.id = x.run_id
    JOIN recon_lines l ON l.run_id = x.run_id AND l.seq = x.seq
    JOIN payment_gateways g ON g.id = r.gateway_id
    LEFT JOIN accounts a ON a.id = x.created_by`,
  columns: `x.id, x.run_id, x.seq, g.payment_gateway_code, l.class, l.reference, l.order_id,
    x.currency, x.difference, x.note, coalesce(a.username, '') AS requested_by, x.created_at,
    x.status, x.decided_at`,
  alias: 'x',
  scope: {},
  codes: { gateway: 'g.payment_gateway_code = ?' },
  search: { ids: ['x.id'], texts: ['l.reference', 'l.order_id'] },
  sorts: { created_at: 'x.created_at' },
  defaultSort: 'created_at',
});

/**
 * /reconciliation?view=write-offs: the waiting write-offs (or, by `state`, the rejected or
 * expired ones) and their export.
 */
export const writeOffListService = serveList(
  writeOffList,
  (r): ReconWriteOffRow => ({
    id: r.id,
    run_id: r.run_id,
    seq: r.seq,
    payment_gateway_code: r.payment_gateway_code,
    class: r.class,
    reference: r.reference,
    order_id: r.order_id,
    currency: r.currency,
    difference: formatAmount(BigInt(r.difference), r.currency),
    note: r.note,
    requested_by: r.requested_by,
    created_at: r.created_at.toISOString(),
    status: r.status,
    decided_at: r.decided_at ? r.decided_at.toISOString() : null,
  }),
  (input: ListInput & { state?: ReconWriteOffRow['status'] }) => {
    const state = input.state ?? 'pending';
    if (!(RECON_WRITE_OFF_QUEUE_STATES as readonly string[]).includes(state))
      throw new Error(`not a write-off queue state: ${state}`);
    return [`x.kind = 'write_off' AND x.status = '${state}'`];
  },
);
