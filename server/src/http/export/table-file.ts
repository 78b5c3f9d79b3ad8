import { formatInTimeZone, ianaZoneOf, type CellKind, type TimezoneChoice } from '@bo/contract';

/** One column of an exported table: the row's field, its heading and how its cells are written. */
export interface ExportColumn {
  readonly key: string;
  readonly kind: CellKind;
}

/** A cell as the file writers take it: text, or null for an empty cell. */
export type Cell = string | null;

/** What an export was made with: the list, when, in which zone, with which filters. */
export type ExportHeading = readonly (readonly [label: string, value: string])[];

/** A file format the export streams: each piece it yields goes to the response as it comes. */
export interface TableFileFormat {
  readonly contentType: string;
  readonly extension: string;
  write(
    heading: ExportHeading,
    columns: readonly ExportColumn[],
    rows: AsyncIterable<readonly (readonly Cell[])[]>,
  ): AsyncGenerator<Uint8Array>;
}

/**
 * The text a file writer turns into bytes at a time (characters). Pieces stay well under V8's
 * large-object size (128 KiB): a chunk of 2,000 rows as one string would be allocated outside
 * the young generation and only freed by a full collection, so a million-row export would pile
 * up well over 100 MB of dead text before one ran.
 */
export const PIECE_CHARS = 32 * 1024;

/** An instant as `Date.toISOString` writes it (what the list rows carry). */
const ISO_UTC = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z$/;
const QUARTER_HOUR = 15 * 60_000;
const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/**
 * The offset from UTC of a zone in each quarter of an hour seen, read once from
 * `formatInTimeZone` (zones change their offset on quarter hours): a million instants cost a few
 * thousand `Intl` calls instead of a million. Emptied when it grows large.
 */
const offsets = new Map<string, number>();

function offsetOf(choice: TimezoneChoice, at: number): number {
  const slot = Math.floor(at / QUARTER_HOUR) * QUARTER_HOUR;
  const key = `${choice} ${slot}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const local = formatInTimeZone(new Date(slot), choice);
    offset = Date.parse(`${local.replace(' ', 'T')}Z`) - slot;
    if (offsets.size > 100_000) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

/**
 * "YYYY-MM-DD HH:mm:ss" of an instant in the chosen zone, exactly as `formatInTimeZone` writes
 * it, without its cost per cell: UTC by cutting the ISO text, a country's zone by the cached
 * offset of the instant's quarter hour.
 */
export function instantCell(value: string, timeZone: TimezoneChoice): string {
  if (!ISO_UTC.test(value)) return formatInTimeZone(value, timeZone);
  if (timeZone === 'Default' || ianaZoneOf(timeZone) === 'UTC')
    return `${value.slice(0, 10)} ${value.slice(11, 19)}`;
  const at = Date.parse(value);
  const d = new Date(at + offsetOf(timeZone, at));
  if (d.getUTCFullYear() < 1000 || d.getUTCFullYear() > 9999)
    return formatInTimeZone(value, timeZone);
  return `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())} ${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}:${pad2(d.getUTCSeconds())}`;
}

/**
 * The cells of one answer row: amounts as the exact decimal text the list shows, instants in
 * the export's time zone, everything else as text.
 */
export function cellsOf(
  row: Readonly<Record<string, unknown>>,
  columns: readonly ExportColumn[],
  timeZone: TimezoneChoice,
): Cell[] {
  const cells: Cell[] = new Array<Cell>(columns.length);
  for (let i = 0; i < columns.length; i++) {
    const { key, kind } = columns[i]!;
    const value = row[key];
    if (value === null || value === undefined) cells[i] = null;
    else if (kind === 'instant') cells[i] = instantCell(String(value), timeZone);
    else cells[i] = String(value);
  }
  return cells;
}
