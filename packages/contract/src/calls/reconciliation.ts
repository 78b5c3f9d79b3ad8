import { z } from 'zod';
import { RULES } from '../access';
import { defineLifecycle } from '../lifecycles';
import { bulkDecisionCall, MAX_BULK_DECISION_ITEMS } from './approvals';
import { defineCall, formInt, formOptionalText, formText, UPLOAD_FILE_PART } from './define';
import {
  amountText,
  instantText,
  listPageOf,
  listRequest,
  optionalAmountText,
  optionalInstantText,
  sortField,
} from './list';
import { formDate, formId } from './money-fields';

/**
 * Gateway reconciliation (issue 28; docs/reconciliation.md): a gateway's statement file is
 * matched against our pay-ins, pay-outs, refunds and disputes of that gateway and period, and
 * every line, and every transaction of ours in the period no line names, lands in one class.
 * Admins with the administrator module only.
 */

/** The classes of a run's lines, in the order a run shows them. */
export const RECON_CLASSES = [
  'matched',
  'amount_mismatch',
  'status_mismatch',
  'fee_mismatch',
  'missing_at_gateway',
  'missing_here',
  'duplicate_at_gateway',
] as const;
export type ReconClass = (typeof RECON_CLASSES)[number];

/** What a statement's status word means once its column map has read it. */
export const RECON_STATUSES = ['success', 'failed', 'pending'] as const;
export type ReconStatus = (typeof RECON_STATUSES)[number];

/** The kinds of our transactions a line can name. */
export const RECON_OUR_KINDS = ['payin', 'payout', 'refund', 'dispute'] as const;
export type ReconOurKind = (typeof RECON_OUR_KINDS)[number];

export const RECON_DELIMITERS = [',', ';', '\t', '|'] as const;
export const RECON_AMOUNT_FORMATS = ['decimal', 'minor'] as const;
export const RECON_THOUSANDS_SEPARATORS = ['', ',', '.', ' ', "'"] as const;
export const RECON_DECIMAL_SEPARATORS = ['.', ','] as const;
export const RECON_TIME_FORMATS = ['ymd', 'dmy'] as const;

/**
 * Statement files: sent as the multipart part `file`, after the text fields (the server reads
 * them first, then streams the file). Larger files or more lines are refused.
 */
export const RECON_FILE_PART = UPLOAD_FILE_PART;
export const RECON_MAX_FILE_BYTES = 512 * 1024 * 1024;
export const RECON_MAX_LINES = 1_000_000;
/** How many lines a preview shows at most. */
export const RECON_PREVIEW_MAX_LINES = 50;

const choice = <const T extends readonly string[]>(values: T, message: string) =>
  z.enum(values, { error: message });
const optionalChoice = <const T extends readonly string[]>(values: T, message: string) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), choice(values, message).optional());

/** A header name of a statement column; '' where the column is optional and absent. */
const columnName = formText(120);
const optionalColumnName = formOptionalText(120);

/** Status words of one meaning, separated by commas: "SETTLED, PAID". */
const statusWords = formOptionalText(500);

/**
 * A gateway's column map, as saved: the header name of each column read, how amounts and
 * times are written, and which status words mean success, failed and pending (a line with any
 * other word is refused, naming it).
 */
export const reconColumnMapFields = {
  gatewayId: formId,
  delimiter: choice(RECON_DELIMITERS, 'must be one of , ; | or a tab'),
  referenceColumn: columnName,
  orderIdColumn: optionalColumnName,
  amountColumn: columnName,
  currencyColumn: optionalColumnName,
  feeColumn: optionalColumnName,
  statusColumn: columnName,
  timeColumn: optionalColumnName,
  amountFormat: choice(RECON_AMOUNT_FORMATS, 'must be decimal or minor'),
  thousandsSeparator: optionalChoice([',', '.', ' ', "'"], "must be , . ' a space or nothing"),
  decimalSeparator: optionalChoice(RECON_DECIMAL_SEPARATORS, 'must be . or ,'),
  /** 'UTC', an offset such as +07:00, or an IANA zone such as Asia/Bangkok. */
  timeZone: formOptionalText(60),
  timeFormat: optionalChoice(RECON_TIME_FORMATS, 'must be ymd or dmy'),
  successValues: statusWords,
  failedValues: statusWords,
  pendingValues: statusWords,
};

export const reconColumnMap = z.object({
  gateway_id: z.string(),
  delimiter: z.string(),
  reference_column: z.string(),
  order_id_column: z.string(),
  amount_column: z.string(),
  currency_column: z.string(),
  fee_column: z.string(),
  status_column: z.string(),
  time_column: z.string(),
  amount_format: z.enum(RECON_AMOUNT_FORMATS),
  thousands_separator: z.string(),
  decimal_separator: z.string(),
  time_zone: z.string(),
  time_format: z.enum(RECON_TIME_FORMATS),
  /** Each status word and its meaning. */
  status_values: z.record(z.string(), z.enum(RECON_STATUSES)),
  updated_at: optionalInstantText,
});
export type ReconColumnMap = z.infer<typeof reconColumnMap>;

/** A gateway's saved column map, or null before the first one is saved. */
export const getReconColumnMap = defineCall({
  name: 'getReconColumnMap',
  request: z.object({ gatewayId: formId }),
  response: z.object({ map: reconColumnMap.nullable() }),
  rule: RULES.administrator,
});

/** Saves (replaces) a gateway's column map, audited. */
export const saveReconColumnMap = defineCall({
  name: 'saveReconColumnMap',
  request: z.object(reconColumnMapFields),
  response: reconColumnMap,
  rule: RULES.administrator,
});

/**
 * The first lines of a statement file as they are, for building a column map on screen: an
 * upload (`RECON_FILE_PART`). Without `delimiter`, the one the header line uses most is taken.
 */
export const previewReconStatement = defineCall({
  name: 'previewReconStatement',
  request: z.object({
    delimiter: optionalChoice(RECON_DELIMITERS, 'must be one of , ; | or a tab'),
    lines: formInt(1, RECON_PREVIEW_MAX_LINES).default(10),
  }),
  response: z.object({
    delimiter: z.string(),
    header: z.array(z.string()),
    rows: z.array(z.object({ line_no: z.number().int(), cells: z.array(z.string()) })),
  }),
  rule: RULES.administrator,
});

/** One run as the list, its summary and the imports show it. */
export const reconRunRow = z.object({
  id: z.string(),
  gateway_id: z.string(),
  payment_gateway_code: z.string(),
  payment_gateway_name: z.string(),
  period_from: instantText,
  period_to: instantText,
  file_name: z.string(),
  file_sha256: z.string(),
  source: z.enum(['upload', 'sandbox']),
  line_count: z.number().int(),
  matched_count: z.number().int(),
  difference_count: z.number().int(),
  /** Of the differences, how many are resolved (a done resolution): "N of M resolved". */
  resolved_count: z.number().int(),
  created_by: z.string(),
  created_at: instantText,
});
export type ReconRunRow = z.infer<typeof reconRunRow>;

/** One class of a run in one currency: how many, and the statement's and our sums. */
export const reconClassTotal = z.object({
  class: z.enum(RECON_CLASSES),
  count: z.number().int(),
  statement_amount: z.string(),
  our_amount: z.string(),
  statement_fee: z.string(),
  our_fee: z.string(),
});

/**
 * A run's summary per currency. The statement's lines add up class by class: `statement`
 * (every line) = matched + amount, status and fee mismatches + missing here + duplicates;
 * `ours` (every transaction of ours the run holds) = matched + the three mismatches + missing
 * at gateway. `balances` says both hold (they always should).
 */
export const reconRunSummary = z.object({
  run: reconRunRow,
  currencies: z.array(
    z.object({
      currency: z.string(),
      statement_count: z.number().int(),
      statement_amount: z.string(),
      our_count: z.number().int(),
      our_amount: z.string(),
      classes: z.array(reconClassTotal),
      balances: z.boolean(),
    }),
  ),
});

export const RECON_RUN_SORTS = ['created_at', 'period_from'] as const;

/** /reconciliation: the runs, newest first, by gateway and date of import. */
export const getReconRunList = defineCall({
  name: 'getReconRunList',
  request: z.object({
    page: listRequest.page,
    pageSize: listRequest.pageSize,
    sort: sortField(RECON_RUN_SORTS),
    direction: listRequest.direction,
    gatewayCode: listRequest.gatewayCode,
    from: listRequest.from,
    to: listRequest.to,
    timeZone: listRequest.timeZone,
  }),
  response: listPageOf(reconRunRow),
  rule: RULES.administrator,
});

/** One run's summary. */
export const getReconRun = defineCall({
  name: 'getReconRun',
  request: z.object({ id: formId }),
  response: reconRunSummary,
  rule: RULES.administrator,
});

/** How a write-off ended without posting: the line may be resolved again. */
export const RECON_WRITE_OFF_CLOSED = ['rejected', 'expired'] as const;
export type ReconWriteOffClosed = (typeof RECON_WRITE_OFF_CLOSED)[number];

/** The write-off queue's states: waiting for approvals (the default), or ended without posting. */
export const RECON_WRITE_OFF_QUEUE_STATES = ['pending', ...RECON_WRITE_OFF_CLOSED] as const;

/** One row of a run: a statement line, or a transaction of ours no line names. */
export const reconLineRow = z.object({
  seq: z.number().int(),
  /** The line of the file (null: ours, missing at the gateway). */
  line_no: z.number().int().nullable(),
  class: z.enum(RECON_CLASSES),
  reference: z.string(),
  order_id: z.string(),
  currency: z.string(),
  amount: optionalAmountText,
  fee: optionalAmountText,
  status: z.enum(RECON_STATUSES).nullable(),
  occurred_at: optionalInstantText,
  outside_period: z.boolean(),
  our_kind: z.enum(RECON_OUR_KINDS).nullable(),
  our_id: z.string().nullable(),
  /** Our transaction's currency (it may differ from the line's: an amount mismatch). */
  our_currency: z.string().nullable(),
  our_amount: optionalAmountText,
  our_fee: optionalAmountText,
  our_status: z.enum(RECON_STATUSES).nullable(),
  /** The line's resolution, done or waiting (a write-off's approvals): its kind, else null. */
  resolution: z.enum(['gateway_accepted', 'gateway_agrees', 'write_off', 'explained']).nullable(),
  resolution_status: z.enum(['pending', 'done']).nullable(),
  /** The resolution's id (a pending write-off's, for `decideReconWriteOffs`). */
  resolution_id: z.string().nullable(),
  /**
   * A line with no resolution done or waiting: how its last write-off ended without posting
   * (rejected by a checker, or expired unanswered), else null.
   */
  closed_write_off: z.enum(RECON_WRITE_OFF_CLOSED).nullable(),
});
export type ReconLineRow = z.infer<typeof reconLineRow>;

/**
 * A run's lines in file order (ours missing at the gateway last), one class tab at a time:
 * `status_counts` holds the count of each class matching the other filters. The search finds
 * a line by its reference or order id (exactly).
 */
export const getReconLineList = defineCall({
  name: 'getReconLineList',
  request: z.object({
    runId: formId,
    class: optionalChoice(RECON_CLASSES, `must be one of ${RECON_CLASSES.join(', ')}`),
    page: listRequest.page,
    pageSize: listRequest.pageSize,
    direction: listRequest.direction,
    search: listRequest.search,
    currency: listRequest.currency,
    timeZone: listRequest.timeZone,
  }),
  response: listPageOf(reconLineRow),
  rule: RULES.administrator,
});

/** The period a statement covers, both ends included. */
const periodFields = { gatewayId: formId, from: formDate, to: formDate };

/**
 * Imports a statement file (an upload, `RECON_FILE_PART`) with the gateway's saved column map
 * and matches it: answers the new run. A bad file is refused naming its line and column, and
 * nothing is kept; the same file again for the gateway is refused, naming the earlier run.
 */
export const importReconStatement = defineCall({
  name: 'importReconStatement',
  request: z.object(periodFields),
  response: reconRunSummary,
  rule: RULES.administrator,
});

/** A rate of a planted difference, in percent of the transactions (0–100, 2 decimals). */
const ratePercent = formOptionalText(6).refine(
  (v) => v === undefined || (/^\d{1,3}(\.\d{1,2})?$/.test(v) && Number(v) <= 100),
  'must be a percent from 0 to 100',
);

/**
 * The sandbox gateway writes its statement of the period (in its own format) and the server
 * imports it as if uploaded, with the sandbox's own column map: no file travels. The planted
 * differences follow `seed` and the rates (percent of our transactions; defaults in
 * docs/reconciliation.md). Sandbox gateways only.
 */
export const importSandboxStatement = defineCall({
  name: 'importSandboxStatement',
  request: z.object({
    ...periodFields,
    seed: formInt(0, 2_147_483_647).default(1),
    missingRate: ratePercent,
    extraRate: ratePercent,
    amountRate: ratePercent,
    statusRate: ratePercent,
    feeRate: ratePercent,
    duplicateRate: ratePercent,
    lateRate: ratePercent,
  }),
  response: reconRunSummary,
  rule: RULES.administrator,
});

/** The calls that take a statement file (streamed, not read into the fields). */
export const RECON_UPLOAD_CALLS = [previewReconStatement, importReconStatement] as const;

/** How a line's difference is resolved (docs/reconciliation.md, Resolution). */
export const RECON_RESOLUTION_KINDS = [
  'gateway_accepted',
  'gateway_agrees',
  'write_off',
  'explained',
] as const;
export type ReconResolutionKind = (typeof RECON_RESOLUTION_KINDS)[number];

/**
 * A write-off: it waits for its approvals (maker-checker, as money-out), then is posted
 * (`done`) or `rejected`, or `expired` by the request-expiry sweep when left waiting longer
 * than any money request may (as a rejection: nothing posted). The other resolutions are done
 * at once.
 */
export const RECON_WRITE_OFF_LIFECYCLE = defineLifecycle('recon_write_off', 'pending', {
  pending: ['done', 'rejected', 'expired'],
  done: [],
  rejected: [],
  expired: [],
});

/** Line numbers (`seq`) of a run, comma-separated (or a list), without repeats. */
const formSeqList = z.preprocess(
  (v) =>
    typeof v === 'string'
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : v,
  z
    .array(formInt(1, 2_147_483_647))
    .min(1, 'needs at least one line')
    .max(MAX_BULK_DECISION_ITEMS, `takes at most ${MAX_BULK_DECISION_ITEMS} lines`)
    .transform((seqs) => [...new Set(seqs)]),
);

/** A resolution of some of a run's lines (`seqs`), with the reason or note (required, audited). */
const resolveRequest = z.object({ runId: formId, seqs: formSeqList, reason: formText(500) });

/**
 * One answer per line, in the order asked: `ok` with the resolution made (its id, kind and
 * status, and for a write-off its amount), or why the line was not resolved; one line failing
 * never stops the others.
 */
export const reconResolveResponse = z.object({
  results: z.array(
    z.object({
      seq: z.number().int(),
      ok: z.boolean(),
      id: z.string().optional(),
      resolution: z.enum(RECON_RESOLUTION_KINDS).optional(),
      status: z.enum(['pending', 'done']).optional(),
      /** A gateway query: what the gateway said, and our transaction's status after. */
      gateway_status: z.string().optional(),
      our_status: z.string().optional(),
      /** A write-off: the signed difference written off. */
      amount: z.string().optional(),
      message: z.string().optional(),
    }),
  ),
});

/**
 * Asks each line's gateway for the final state of our transaction (`queryStatus`). Where it is
 * final and differs from ours, our lifecycle takes it as from a late callback, with its
 * journal entries (`gateway_accepted`); where it is ours already, `gateway_agrees`. A gateway
 * with no final answer (pending, unreachable) resolves nothing.
 */
export const queryReconLines = defineCall({
  name: 'queryReconLines',
  request: resolveRequest,
  response: reconResolveResponse,
  rule: RULES.administrator,
});

/**
 * Writes off each line's difference to the platform's reconciliation-difference account: it
 * waits for the approvals money-out needs (never the requester's), then the journal posts.
 */
export const writeOffReconLines = defineCall({
  name: 'writeOffReconLines',
  request: resolveRequest,
  response: reconResolveResponse,
  rule: RULES.administrator,
});

/** Marks lines explained, with the note (`reason`). */
export const explainReconLines = defineCall({
  name: 'explainReconLines',
  request: resolveRequest,
  response: reconResolveResponse,
  rule: RULES.administrator,
});

/** Approves or rejects pending write-offs (by resolution id), as bulk decisions answer. */
export const decideReconWriteOffs = bulkDecisionCall('decideReconWriteOffs', RULES.administrator);

/** One gateway's day of fees: what we computed its cost to be, against what it charged. */
export const reconFeeRow = z.object({
  id: z.string(),
  day: z.string(),
  payment_gateway_code: z.string(),
  currency: z.string(),
  /** Statement lines naming a transaction of ours with a fee on both sides. */
  line_count: z.number().int(),
  fee_mismatch_count: z.number().int(),
  our_fee: amountText,
  gateway_fee: amountText,
  /** gateway_fee − our_fee: what the gateway charged beyond our computation. */
  difference: amountText,
});
export type ReconFeeRow = z.infer<typeof reconFeeRow>;

/**
 * The fee report: per gateway, day (of the line's time, UTC; else the run's period start) and
 * currency, over the runs' lines, our computed gateway cost against the fee the gateway
 * charged, newest day first.
 */
export const getReconFeeReport = defineCall({
  name: 'getReconFeeReport',
  request: z.object({
    page: listRequest.page,
    pageSize: listRequest.pageSize,
    direction: listRequest.direction,
    gatewayCode: listRequest.gatewayCode,
    currency: listRequest.currency,
    from: listRequest.from,
    to: listRequest.to,
  }),
  response: listPageOf(reconFeeRow),
  rule: RULES.administrator,
});

/** A write-off waiting for its approvals, whichever run its line is in. */
export const reconWriteOffRow = z.object({
  /** The resolution's id, for `decideReconWriteOffs`. */
  id: z.string(),
  run_id: z.string(),
  seq: z.number().int(),
  payment_gateway_code: z.string(),
  class: z.enum(RECON_CLASSES),
  reference: z.string(),
  order_id: z.string(),
  currency: z.string(),
  /**
   * The difference it posts to the reconciliation-difference account once approved (signed;
   * not `amount`: the list has no totals strip, the decision dialog sums the chosen ones).
   */
  difference: amountText,
  /** The reason the admin who asked for it gave. */
  note: z.string(),
  requested_by: z.string(),
  created_at: instantText,
  /** Waiting (`pending`), or how it ended without posting (`rejected`, `expired`). */
  status: z.enum(RECON_WRITE_OFF_QUEUE_STATES),
  /** When it was rejected or expired (null while waiting). */
  decided_at: optionalInstantText,
});
export type ReconWriteOffRow = z.infer<typeof reconWriteOffRow>;

/**
 * Every write-off waiting for approvals, across runs, newest first (a checker's
 * queue): by gateway code, currency and the day it was asked for; searched by resolution id or
 * the line's reference; exported as the other lists are. `state` shows instead those that
 * ended without posting: `rejected`, or `expired` (left waiting past `approval_expiry_hours`).
 */
export const getReconWriteOffList = defineCall({
  name: 'getReconWriteOffList',
  request: z.object({
    state: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.enum(RECON_WRITE_OFF_QUEUE_STATES).default('pending'),
    ),
    page: listRequest.page,
    pageSize: listRequest.pageSize,
    direction: listRequest.direction,
    search: listRequest.search,
    gatewayCode: listRequest.gatewayCode,
    currency: listRequest.currency,
    from: listRequest.from,
    to: listRequest.to,
    timeZone: listRequest.timeZone,
  }),
  response: listPageOf(reconWriteOffRow),
  rule: RULES.administrator,
});
