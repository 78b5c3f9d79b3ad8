import { stringify } from 'csv-stringify/sync';
import type { Cell, ExportColumn, TableFileFormat } from './table-file';

const encoder = new TextEncoder();
/** A byte-order mark, so that spreadsheet programs read the file as UTF-8. */
const BOM = '\uFEFF';
/** Text a spreadsheet would run as a formula (CSV injection); such a cell gets a leading quote. */
const FORMULA_START = /^[=+\-@\t\r]/;

const safeText = (cell: Cell) => (cell !== null && FORMULA_START.test(cell) ? `'${cell}` : cell);

/** Quotes by RFC 4180 (csv-stringify); amounts stay as they are, text cannot start a formula. */
function lines(rows: readonly (readonly Cell[])[], columns?: readonly ExportColumn[]): string {
  const safe = rows.map((row) =>
    row.map((cell, i) => (columns?.[i]?.kind === 'amount' ? cell : safeText(cell))),
  );
  return stringify(safe as Cell[][], { record_delimiter: 'windows' });
}

/** CSV, UTF-8 with a byte-order mark: the heading lines, a blank line, the column names, the rows. */
export const csvFile: TableFileFormat = {
  contentType: 'text/csv; charset=utf-8',
  extension: 'csv',
  async *write(heading, columns, rows) {
    const top = heading.map(([label, value]) => [label, value]);
    yield encoder.encode(BOM + lines(top) + '\r\n' + lines([columns.map((c) => c.key)]));
    for await (const chunk of rows) {
      if (chunk.length) yield encoder.encode(lines(chunk, columns));
    }
  },
};
