import { HISTORY_KEY_TYPES, type HistoryKeyType } from '@bo/contract';
import { factColumnOf } from './risk-facts';
import type { ValueHash } from './risk-history.queries';
import type { IntakeFacts } from './risk-types';

/*
 * A backtest's facts as text (docs/risk.md, "Backtests"). Facts keep each key only as its hash,
 * so a backtest's facts carry a key as a token of its hash: the history reads it back as the
 * hash (`backtestValueHash`), a list matches it by hash (`matchesHash`), and the rule's own
 * code, the one intake runs, compares tokens as it compares values.
 *
 * A chunk comes back as one text, a line per fact, `|` between its columns, made into facts a
 * page at a time. Read as rows of twenty columns, the driver's work on each column was three
 * times the database's; and a chunk's 28,000 row objects, alive until their page came, were
 * copied by each young collection and then promoted: a third of the backtest's time was the
 * collector's. One string is neither copied nor promoted, and a page's facts die young.
 */

const TOKEN = 'hash:';
const tokenOf = (hash: string) => `${TOKEN}${hash}`;
/** Whether a backtest fact's value is a hash token (every key but the order id is). */
export const isHashToken = (value: string) => value.startsWith(TOKEN);
/** A token's hash. */
export const hashOfToken = (value: string): bigint => BigInt(value.slice(TOKEN.length));
/** The history's reading of a backtest's values: each is its hash's token. */
export const backtestValueHash: ValueHash = (_key, value) => hashOfToken(value);

/** The facts' key columns and the field of `IntakeFacts` each fills. */
const KEY_FIELDS: Readonly<Record<HistoryKeyType, keyof IntakeFacts>> = {
  email: 'email',
  customer_id: 'customerId',
  customer_ip: 'customerIp',
  source_ip: 'sourceIp',
  bank_account: 'bankAccount',
  wallet: 'wallet',
};

/** A fact read back, with its id and its answers to the velocity shapes read in bulk. */
export interface BacktestFact {
  readonly refId: string;
  readonly facts: IntakeFacts;
  readonly velocity?: readonly bigint[];
}

/**
 * A fact's line, from the facts of alias `f` (and `v<i>`, its bulk answers to `shapes` of
 * them): its columns with `|` between them (none holds one; a missing one is empty), the time
 * in epoch milliseconds, the order id (free text, from `orderIdSql`) hex-encoded after an `x`.
 */
export function factLineSql(orderIdSql: string, shapes: number): string {
  const columns = [
    'f.ref_id',
    'f.kind',
    'f.merchant_account_id',
    "coalesce(f.reseller_account_id::text, '')",
    'floor(extract(epoch FROM f.at) * 1000)::int8',
    'f.currency',
    'f.amount',
    `coalesce('x' || encode(convert_to(${orderIdSql}, 'UTF8'), 'hex'), '')`,
    ...HISTORY_KEY_TYPES.map((key) => `coalesce(f.${factColumnOf(key)}::text, '')`),
  ];
  // An array, not more arguments: a function takes at most 100.
  const answers = Array.from({ length: shapes }, (_, i) => `f.v${i}`);
  if (answers.length) columns.push(`array_to_string(ARRAY[${answers.join(', ')}], '|')`);
  return `concat_ws('|', ${columns.join(', ')})`;
}

/**
 * The facts of a chunk's text (a line each, `factLineSql`), `size` at a time. Each column is
 * cut from the text where it lies: a split of each line made a score of strings per fact, and
 * the collector's work was a third of a backtest's.
 */
export function* factPages(text: string, size: number): Generator<BacktestFact[]> {
  let at = 0;
  /** The next column of the line, and past its `|` (or the line's end). */
  const next = (): string => {
    let end = at;
    while (end < text.length && text[end] !== '|' && text[end] !== '\n') end++;
    const column = text.slice(at, end);
    at = end + 1;
    return column;
  };
  while (at < text.length) {
    const page: BacktestFact[] = [];
    while (page.length < size && at < text.length) {
      const refId = next();
      const facts: Record<string, unknown> = {
        kind: next(),
        merchantId: next(),
        resellerId: next() || null,
        at: new Date(Number(next())),
        currency: next(),
        amount: BigInt(next()),
      };
      const orderId = next();
      facts.orderId = orderId ? Buffer.from(orderId.slice(1), 'hex').toString('utf8') : null;
      for (const key of HISTORY_KEY_TYPES) {
        const hash = next();
        if (hash) facts[KEY_FIELDS[key]] = tokenOf(hash);
      }
      const velocity: bigint[] = [];
      while (text[at - 1] === '|') velocity.push(BigInt(next()));
      page.push({ refId, facts: facts as unknown as IntakeFacts, velocity });
    }
    yield page;
  }
}
