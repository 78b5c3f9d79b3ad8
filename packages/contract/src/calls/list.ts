import { z } from 'zod';
import { TIMEZONE_CHOICES } from '../accounts';
import type { MoneyKindDef } from '../money-kinds/money-kind';
import { formOptionalText, pageRequest } from './define';
import { formOptionalCurrency, formOptionalDate } from './money-fields';

/**
 * The list protocol every server-paged list call speaks, so that one web list kit and one
 * server export path serve them all. A list call's request is `listRequest` plus its own
 * filters; its answer is `listPageOf(row)`. The web keeps every field in the URL (page as
 * `page`, spec section 2); the export asks `exportList` for every row matching the same fields.
 */

/** An optional choice from a closed list; empty text counts as missing. */
export const formOptionalChoice = <const T extends readonly string[]>(values: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(values).optional());

/** An optional amount bound in major units ("100", "100.50"); the server scales it per currency. */
export const formOptionalAmount = formOptionalText(40).refine(
  (v) => v === undefined || /^\d{1,18}(\.\d{1,8})?$/.test(v),
  'must be a decimal number such as 100.50',
);

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/**
 * Fields every list call accepts besides its own: the page, the sort, one search box, the
 * usual money filters and the time zone dates are shown (and exported) in. `from`/`to` are
 * inclusive ISO date-times the web computes in the chosen zone.
 */
export const listRequest = {
  ...pageRequest,
  direction: formOptionalChoice(SORT_DIRECTIONS),
  search: formOptionalText(120),
  currency: formOptionalCurrency,
  from: formOptionalDate,
  to: formOptionalDate,
  merchantDbCode: formOptionalText(40),
  resellerDbCode: formOptionalText(40),
  gatewayCode: formOptionalText(60),
  amountMin: formOptionalAmount,
  amountMax: formOptionalAmount,
  timeZone: formOptionalChoice(TIMEZONE_CHOICES),
};

/** The `sort` field of a list call: one of the columns the server can sort by. */
export const sortField = <const T extends readonly string[]>(columns: T) =>
  formOptionalChoice(columns);

/**
 * How a list row's field is written to an export: an exact amount (a number cell, never via a
 * float), an instant (shown in the export's time zone), or plain text. Row schemas mark their
 * amounts and instants with `amountText` and `instantText`; every other field is text.
 */
export type CellKind = 'amount' | 'instant' | 'text';
export const amountText = z.string().meta({ cell: 'amount' });
export const optionalAmountText = z.string().nullable().meta({ cell: 'amount' });
export const instantText = z.string().meta({ cell: 'instant' });
export const optionalInstantText = z.string().nullable().meta({ cell: 'instant' });
/**
 * A row's fee whose list totals are net of another of its amounts, the part given back (a
 * refund's `fee_returned`): the totals strip says "net fees" (`listFeesAreNet`).
 */
export const feeNetOf = (givenBack: string) => amountText.meta({ totalsNetOf: givenBack });

/** The export kind of one field of a row schema (see `CellKind`). */
export function cellKindOf(field: z.ZodType): CellKind {
  const cell = field.meta()?.cell;
  return cell === 'amount' || cell === 'instant' ? cell : 'text';
}

/** The columns every money lifecycle list sorts by on the server (never null). */
export const MONEY_LIST_SORTS = ['created_at', 'updated_at', 'amount'] as const;

/**
 * A money lifecycle's list request: the list fields, its status tab and its sortable columns.
 * The one search box finds a row by any of its ids or the merchant's order id.
 */
const lifecycleListRequest = <const S extends readonly string[]>(statuses: S) => ({
  ...listRequest,
  status: formOptionalChoice(statuses),
  sort: sortField(MONEY_LIST_SORTS),
});

type LifecycleListFields<S extends readonly string[]> = ReturnType<typeof lifecycleListRequest<S>>;

/** The fields of a kind's list: a gateway code only for a kind a gateway moves. */
export type KindListFields<K, S extends readonly string[]> = Omit<
  LifecycleListFields<S>,
  'gatewayCode'
> &
  (K extends { readonly gatewayFlow: 'in' | 'out' }
    ? Pick<LifecycleListFields<S>, 'gatewayCode'>
    : unknown);

/**
 * A money kind's list request (`lifecycleListRequest` of `statuses`, its lifecycle's or a part):
 * the gateway code filter only when the registry says a gateway moves the kind's money
 * (`gatewayFlow`); the others' rows have no gateway, and the call then neither offers nor reads
 * one (the web's filter bar shows the request's fields).
 */
export function kindListRequest<
  const K extends Pick<MoneyKindDef, 'name' | 'gatewayFlow'>,
  const S extends readonly string[],
>(kind: K, statuses: S): KindListFields<K, S> {
  const { gatewayCode, ...fields } = lifecycleListRequest(statuses);
  return (kind.gatewayFlow ? { ...fields, gatewayCode } : fields) as KindListFields<K, S>;
}

/**
 * How routing sent the rows a list shows (issue 43; docs/routing.md): `fallback`, the rows
 * whose gateway was not their profile's first choice (an inactive gateway skipped, or routing
 * unable to decide). Only the lists of routed kinds (pay-ins, pay-outs) take it, and only
 * administrators may use it: routing is theirs to see.
 */
export const ROUTED_BY = ['fallback'] as const;
export const routedByRequest = { routedBy: formOptionalChoice(ROUTED_BY) };

/** Counts above this are not counted further: the list says "10,000+" (DESIGN.md section 9). */
export const LIST_COUNT_CAP = 10_000;

/**
 * The answer of every list call: one page of rows, the total matching every filter, and the
 * count per status of the rows matching every filter but the status (the status tabs). A
 * total or count that reached `LIST_COUNT_CAP` is that cap with `total_is_capped` set.
 */
export const listPageOf = <T extends z.ZodType>(row: T) =>
  z.object({
    rows: z.array(row),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
    status_counts: z.record(z.string(), z.number().int()).optional(),
    total_is_capped: z.boolean().optional(),
  });

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * The export path: `POST /controller/admin/exportList` with the usual `accessToken` and
 * `accessUsername`, `call` (a list call's name), `format` and that call's own fields. The
 * server checks the list call's rule and request schema, then streams every matching row as
 * a file (an error answers the usual JSON envelope).
 */
export const EXPORT_LIST_CALL = 'exportList';
export const exportListFields = z.object({
  call: z.string().trim().min(1, 'is required').max(80, 'must be at most 80 characters'),
  format: z.enum(EXPORT_FORMATS, { error: 'must be csv or xlsx' }),
});

/** Export is capped so one request can't run for ever; the file says when it stopped. */
export const EXPORT_MAX_ROWS = 1_000_000;
