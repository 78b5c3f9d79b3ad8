/**
 * The sandbox gateway's statement: one line per transaction it processed, in a format of its
 * own that differs from ours (';' between columns, amounts as 1.234,56, times in UTC+7 written
 * day first, its own status words and a column we do not read), with realistic differences
 * planted at configurable rates, deterministically from a seed (docs/reconciliation.md).
 */
import { formatAmount } from '@bo/contract';
import { seededRandom } from '../../core/seeded-random';

/** A transaction of ours as the sandbox knows it (the statement is written from these). */
export interface SandboxStatementEntry {
  readonly kind: 'payin' | 'payout' | 'refund' | 'dispute';
  readonly id: string;
  readonly reference: string;
  readonly orderId: string;
  readonly currency: string;
  readonly amount: bigint;
  /** What the gateway charged for it. */
  readonly fee: bigint;
  readonly status: 'success' | 'failed' | 'pending';
  readonly at: Date;
}

/** The differences the sandbox plants, each a share (0–1) of the transactions. */
export interface PlantRates {
  /** A transaction left out of the statement. */
  readonly missing: number;
  /** A line of a transaction we never had, after this one. */
  readonly extra: number;
  readonly amount: number;
  /** The gateway says success where we say failed or pending, or failed where we say success. */
  readonly status: number;
  readonly fee: number;
  /** The line written twice. */
  readonly duplicate: number;
  /** The line dated the day after. */
  readonly late: number;
}

export const DEFAULT_PLANT_RATES: PlantRates = {
  missing: 0.01,
  extra: 0.01,
  amount: 0.01,
  status: 0.01,
  fee: 0.01,
  duplicate: 0.005,
  late: 0.01,
};

export type PlantedKind = keyof PlantRates;

/** One planted difference: which transaction of ours (none for an extra line) and its line. */
export interface PlantedDifference {
  readonly kind: PlantedKind;
  readonly ourKind: SandboxStatementEntry['kind'] | null;
  readonly ourId: string | null;
  readonly reference: string;
}

/** The sandbox statement's column map, the form `recon_column_maps` stores. */
export const SANDBOX_STATEMENT_FORMAT = {
  delimiter: ';',
  columns: {
    reference: 'TxnRef',
    orderId: 'MerchantOrder',
    amount: 'Amt',
    currency: 'Ccy',
    fee: 'Charge',
    status: 'State',
    time: 'ProcessedAt(UTC+7)',
  },
  amountFormat: 'decimal',
  thousandsSeparator: '.',
  decimalSeparator: ',',
  timeZone: '+07:00',
  timeFormat: 'dmy',
  statusValues: { SETTLED: 'success', DECLINED: 'failed', PENDING: 'pending' },
} as const;

/**
 * The same map as an admin enters it on screen (`saveReconColumnMap`'s fields), derived from
 * `SANDBOX_STATEMENT_FORMAT` so that the two never differ.
 */
export const SANDBOX_MAP_FIELDS = (() => {
  const f = SANDBOX_STATEMENT_FORMAT;
  const wordsFor = (status: string) =>
    Object.entries(f.statusValues)
      .filter(([, s]) => s === status)
      .map(([word]) => word)
      .join(',');
  return {
    delimiter: f.delimiter,
    referenceColumn: f.columns.reference,
    orderIdColumn: f.columns.orderId,
    amountColumn: f.columns.amount,
    currencyColumn: f.columns.currency,
    feeColumn: f.columns.fee,
    statusColumn: f.columns.status,
    timeColumn: f.columns.time,
    amountFormat: f.amountFormat,
    thousandsSeparator: f.thousandsSeparator,
    decimalSeparator: f.decimalSeparator,
    timeZone: f.timeZone,
    timeFormat: f.timeFormat,
    successValues: wordsFor('success'),
    failedValues: wordsFor('failed'),
    pendingValues: wordsFor('pending'),
  };
})();

const HEADER = ['TxnRef', 'Type', 'MerchantOrder', 'Amt', 'Ccy', 'Charge', 'State'];
const TYPES = { payin: 'SALE', payout: 'PAYOUT', refund: 'REFUND', dispute: 'CHARGEBACK' };
const WORDS = { success: 'SETTLED', failed: 'DECLINED', pending: 'PENDING' } as const;

/** 1234.56 as the sandbox writes it: 1.234,56. */
function sandboxAmount(minor: bigint, currency: string): string {
  const [whole = '', frac] = formatAmount(minor < 0n ? -minor : minor, currency).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${minor < 0n ? '-' : ''}${grouped}${frac === undefined ? '' : `,${frac}`}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as the sandbox writes it: day first, in UTC+7. */
function sandboxTime(at: Date): string {
  const t = new Date(at.getTime() + 7 * 3600_000);
  return `${pad(t.getUTCDate())}/${pad(t.getUTCMonth() + 1)}/${t.getUTCFullYear()} ${pad(
    t.getUTCHours(),
  )}:${pad(t.getUTCMinutes())}:${pad(t.getUTCSeconds())}`;
}

const ONE_DAY = 24 * 3600_000;

/**
 * Writes the statement of `entries` (streamed in chunks) as text chunks, planting differences
 * at `rates` from `seed`; `planted` fills as the text is read. At most one difference is
 * planted per transaction (an extra line besides), so each shows as exactly one class.
 */
export function writeSandboxStatement(
  entries: AsyncIterable<readonly SandboxStatementEntry[]>,
  options: { readonly seed: number; readonly rates: PlantRates },
): { text: AsyncGenerator<string>; planted: PlantedDifference[] } {
  const planted: PlantedDifference[] = [];
  const random = seededRandom(options.seed);
  const r = options.rates;
  const order: PlantedKind[] = ['missing', 'amount', 'status', 'fee', 'duplicate', 'late'];

  const line = (e: SandboxStatementEntry, change: PlantedKind | null) => {
    const amount = change === 'amount' ? e.amount + 1n + e.amount / 100n : e.amount;
    const fee = change === 'fee' ? e.fee + 1n + e.fee / 10n : e.fee;
    const status = change === 'status' ? (e.status === 'success' ? 'failed' : 'success') : e.status;
    const at = change === 'late' ? new Date(e.at.getTime() + ONE_DAY) : e.at;
    return [
      e.reference,
      TYPES[e.kind],
      e.orderId,
      sandboxAmount(amount, e.currency),
      e.currency,
      sandboxAmount(fee, e.currency),
      WORDS[status],
      sandboxTime(at),
    ].join(';');
  };

  async function* text(): AsyncGenerator<string> {
    yield `${[...HEADER, SANDBOX_STATEMENT_FORMAT.columns.time].join(';')}\n`;
    let extras = 0;
    for await (const chunk of entries) {
      const out: string[] = [];
      for (const e of chunk) {
        let draw = random();
        let change: PlantedKind | null = null;
        for (const kind of order) {
          if (draw < r[kind]) {
            change = kind;
            break;
          }
          draw -= r[kind];
        }
        if (change)
          planted.push({ kind: change, ourKind: e.kind, ourId: e.id, reference: e.reference });
        if (change !== 'missing') out.push(line(e, change));
        if (change === 'duplicate') out.push(line(e, null));
        if (random() < r.extra) {
          const n = ++extras;
          const reference = `SBX-XX-${options.seed}-${n}`;
          const extra = {
            ...e,
            kind: 'payin' as const,
            reference,
            orderId: `unknown-${options.seed}-${n}`,
            status: 'success' as const,
          };
          planted.push({ kind: 'extra', ourKind: null, ourId: null, reference });
          out.push(line(extra, null));
        }
      }
      if (out.length) yield `${out.join('\n')}\n`;
    }
  }

  return { text: text(), planted };
}
