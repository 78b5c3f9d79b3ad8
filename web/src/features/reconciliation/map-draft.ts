import type { ReconColumnMap, ReconStatus } from '@bo/contract';

/** The fields a column map names a header column for; the first three are required. */
export const MAP_FIELDS = [
  'reference',
  'amount',
  'status',
  'orderId',
  'currency',
  'fee',
  'time',
] as const;
export type MapField = (typeof MAP_FIELDS)[number];
export const REQUIRED_FIELDS: readonly MapField[] = ['reference', 'amount', 'status'];

/** A column map as the form edits it: plain strings, '' for "none". */
export interface MapDraft {
  readonly delimiter: string;
  readonly columns: Readonly<Record<MapField, string>>;
  readonly amountFormat: 'decimal' | 'minor';
  readonly thousandsSeparator: string;
  readonly decimalSeparator: string;
  readonly timeZone: string;
  readonly timeFormat: 'ymd' | 'dmy';
  /** Each status word and its meaning ('' while not said). */
  readonly words: Readonly<Record<string, ReconStatus | ''>>;
}

/** Header names that usually hold a field, tried in order (a first guess the admin checks). */
const HINTS: Record<MapField, RegExp> = {
  reference: /ref|txn|transaction/i,
  amount: /^(amt|amount|value|gross)/i,
  status: /state|status/i,
  orderId: /order|merchant.?ref/i,
  currency: /^(ccy|cur|currency)/i,
  fee: /fee|charge|commission/i,
  time: /time|date|processed|created/i,
};

const WORD_HINTS: [RegExp, ReconStatus][] = [
  [/^(settled|success|succeeded|paid|completed?|ok|approved)$/i, 'success'],
  [/^(declined|failed|failure|rejected|expired|cancell?ed|error)$/i, 'failed'],
  [/^(pending|processing|waiting|in.?progress)$/i, 'pending'],
];

/** A status word's usual meaning, '' when it has none. */
export const guessWord = (word: string): ReconStatus | '' =>
  WORD_HINTS.find(([pattern]) => pattern.test(word.trim()))?.[1] ?? '';

/** The distinct words of the status column in the preview's lines. */
export function wordsIn(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  column: string,
) {
  const at = header.indexOf(column);
  if (at < 0) return [];
  return [...new Set(rows.map((cells) => (cells[at] ?? '').trim()).filter(Boolean))];
}

/** A first draft from a preview: columns guessed by name, status words by their usual meaning. */
export function draftFromPreview(
  delimiter: string,
  header: readonly string[],
  rows: readonly (readonly string[])[],
): MapDraft {
  const taken = new Set<string>();
  const columns = {} as Record<MapField, string>;
  for (const field of MAP_FIELDS) {
    const found = header.find((name) => !taken.has(name) && HINTS[field].test(name)) ?? '';
    if (found) taken.add(found);
    columns[field] = found;
  }
  const words = Object.fromEntries(
    wordsIn(header, rows, columns.status).map((word) => [word, guessWord(word)]),
  );
  return {
    delimiter,
    columns,
    amountFormat: 'decimal',
    thousandsSeparator: '',
    decimalSeparator: '.',
    timeZone: 'UTC',
    timeFormat: 'ymd',
    words,
  };
}

/** A saved map as a draft, with any new status words of the preview added unsaid. */
export function draftFromMap(map: ReconColumnMap, previewWords: readonly string[]): MapDraft {
  const words: Record<string, ReconStatus | ''> = { ...map.status_values };
  for (const word of previewWords) if (!(word in words)) words[word] = '';
  return {
    delimiter: map.delimiter,
    columns: {
      reference: map.reference_column,
      amount: map.amount_column,
      status: map.status_column,
      orderId: map.order_id_column,
      currency: map.currency_column,
      fee: map.fee_column,
      time: map.time_column,
    },
    amountFormat: map.amount_format,
    thousandsSeparator: map.thousands_separator,
    decimalSeparator: map.decimal_separator,
    timeZone: map.time_zone,
    timeFormat: map.time_format,
    words,
  };
}

const wordsMeaning = (draft: MapDraft, status: ReconStatus) =>
  Object.entries(draft.words)
    .filter(([, meaning]) => meaning === status)
    .map(([word]) => word)
    .join(', ');

/** The draft as `saveReconColumnMap` takes it. */
export const requestOfDraft = (gatewayId: string, draft: MapDraft) => ({
  gatewayId,
  delimiter: draft.delimiter as ',',
  referenceColumn: draft.columns.reference,
  orderIdColumn: draft.columns.orderId,
  amountColumn: draft.columns.amount,
  currencyColumn: draft.columns.currency,
  feeColumn: draft.columns.fee,
  statusColumn: draft.columns.status,
  timeColumn: draft.columns.time,
  amountFormat: draft.amountFormat,
  thousandsSeparator: (draft.thousandsSeparator || undefined) as ',' | undefined,
  decimalSeparator: draft.decimalSeparator as '.',
  timeZone: draft.timeZone,
  timeFormat: draft.timeFormat,
  successValues: wordsMeaning(draft, 'success'),
  failedValues: wordsMeaning(draft, 'failed'),
  pendingValues: wordsMeaning(draft, 'pending'),
});

/** What keeps a draft from being saved: a required column not chosen, a word not said. */
export function draftProblems(draft: MapDraft) {
  return {
    columns: REQUIRED_FIELDS.filter((field) => !draft.columns[field]),
    words: Object.entries(draft.words)
      .filter(([, meaning]) => !meaning)
      .map(([word]) => word),
  };
}
