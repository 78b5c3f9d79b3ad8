import { PIECE_CHARS, type Cell, type ExportColumn, type TableFileFormat } from './table-file';

const encoder = new TextEncoder();
/** A byte-order mark, so that spreadsheet programs read the file as UTF-8. */
const BOM = '\uFEFF';
/** Text a spreadsheet would run as a formula (CSV injection); such a cell gets a leading quote. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A field holding one of these is quoted, its quotes doubled (RFC 4180). */
const NEEDS_QUOTES = /[",\r\n]/;
const QUOTES = /"/g;

const safeText = (cell: string) => (FORMULA_START.test(cell) ? `'${cell}` : cell);
const field = (text: string) =>
  NEEDS_QUOTES.test(text) ? `"${text.replace(QUOTES, '""')}"` : text;

/**
 * One RFC 4180 line ending in CRLF: null and empty text are empty fields; amounts stay as they
 * are, other text cannot start a formula. Written by hand (an export writes millions of
 * fields); a field with a quote, a comma or any line break is quoted.
 */
function line(row: readonly Cell[], columns?: readonly ExportColumn[]): string {
  let out = '';
  for (let i = 0; i < row.length; i++) {
    const cell = row[i];
    if (i) out += ',';
    if (cell === null || cell === undefined || cell === '') continue;
    out += field(columns?.[i]?.kind === 'amount' ? cell : safeText(cell));
  }
  return `${out}\r\n`;
}

/**
 * CSV, UTF-8 with a byte-order mark: the column names on the first line (what importers read as
 * the header), then the rows. What the export was made with is in the file's name.
 */
export const csvFile: TableFileFormat = {
  contentType: 'text/csv; charset=utf-8',
  extension: 'csv',
  async *write(_heading, columns, rows) {
    yield encoder.encode(BOM + line(columns.map((c) => c.key)));
    let text = '';
    for await (const chunk of rows) {
      for (const row of chunk) {
        text += line(row, columns);
        if (text.length >= PIECE_CHARS) {
          yield encoder.encode(text);
          text = '';
        }
      }
    }
    if (text) yield encoder.encode(text);
  },
};
