import { formatInTimeZone, type CellKind, type TimezoneChoice } from '@bo/contract';

/** One column of an exported table: the row's field, its heading and how its cells are written. */
export interface ExportColumn {
  readonly key: string;
  readonly kind: CellKind;
}

/** A cell as the file writers take it: text, or null for an empty cell. */
export type Cell = string | null;

/** The lines above the table: what was exported, when, in which zone, with which filters. */
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
 * The cells of one answer row: amounts as the exact decimal text the list shows, instants in
 * the export's time zone, everything else as text.
 */
export function cellsOf(
  row: Readonly<Record<string, unknown>>,
  columns: readonly ExportColumn[],
  timeZone: TimezoneChoice,
): Cell[] {
  return columns.map(({ key, kind }) => {
    const value = row[key];
    if (value === null || value === undefined) return null;
    if (kind === 'instant') return formatInTimeZone(String(value), timeZone);
    return String(value);
  });
}
