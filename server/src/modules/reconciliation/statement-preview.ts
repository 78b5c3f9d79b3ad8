import { CsvError, parse } from 'csv-parse/sync';
import { RECON_DELIMITERS, type CallResponse, type previewReconStatement } from '@bo/contract';
import { badInput } from '../../core/app-error';
import {
  PREVIEW_CELL_CHARS,
  PREVIEW_MAX_BYTES,
  PREVIEW_MAX_CHARS,
  PREVIEW_MAX_COLUMNS,
  STATEMENT_MAX_ROW_CHARS,
} from '../../http/upload-limits';
import { checkRowCells, columnLetters, columnNumber } from './statement-limits';
import { csvProblem, sniffed } from './statement-reader';
import { xlsxRows, type SheetRow } from './xlsx-rows';

type Preview = CallResponse<typeof previewReconStatement>;

/** A cell as a preview shows it: cut to `PREVIEW_CELL_CHARS`, ending in '…' (never mid-pair). */
function shownCell(cell: string): string {
  if (cell.length <= PREVIEW_CELL_CHARS) return cell;
  let end = PREVIEW_CELL_CHARS - 1;
  const last = cell.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return `${cell.slice(0, end)}…`;
}

const shownCells = (cells: readonly string[]) => cells.slice(0, PREVIEW_MAX_COLUMNS).map(shownCell);

const charsOf = (cells: readonly string[]) => cells.reduce((n, c) => n + c.length, 0);

/**
 * A preview's answer, bounded whatever the file holds: at most `PREVIEW_MAX_COLUMNS` cells of a
 * row, each cut to `PREVIEW_CELL_CHARS`, and the rows past `PREVIEW_MAX_CHARS` shown characters
 * left out.
 */
function previewOf(
  delimiter: string,
  header: readonly string[],
  rows: readonly { line_no: number; cells: readonly string[] }[],
): Preview {
  const shownHeader = shownCells(header);
  let left = PREVIEW_MAX_CHARS - charsOf(shownHeader);
  const shownRows: Preview['rows'] = [];
  for (const row of rows) {
    const cells = shownCells(row.cells);
    left -= charsOf(cells);
    if (left < 0) break;
    shownRows.push({ line_no: row.line_no, cells });
  }
  return { delimiter, header: shownHeader, rows: shownRows };
}

/** The delimiter the header line uses most (',' when it uses none). */
function guessDelimiter(header: string): string {
  let best = ',';
  let most = 0;
  for (const d of RECON_DELIMITERS) {
    const n = header.split(d).length - 1;
    if (n > most) [best, most] = [d, n];
  }
  return best;
}

/** An XLSX workbook's preview: its first sheet's first rows (empty rows left out). */
async function previewSheet(
  bytes: AsyncGenerator<Uint8Array>,
  input: { delimiter?: string; lines: number },
): Promise<Preview> {
  const records: SheetRow[] = [];
  // Reading stops once the answer is full: rows past `PREVIEW_MAX_CHARS` would not be shown.
  let shown = 0;
  for await (const row of xlsxRows(bytes)) {
    checkRowCells(row.cells, row.rowNo, columnLetters);
    records.push(row);
    shown += charsOf(shownCells(row.cells));
    if (records.length > input.lines || shown > PREVIEW_MAX_CHARS) break;
  }
  const [header, ...rows] = records;
  if (!header) throw badInput('The file is empty: a statement starts with a header line');
  return previewOf(
    input.delimiter ?? ',',
    header.cells,
    rows.map((r) => ({ line_no: r.rowNo, cells: r.cells })),
  );
}

/**
 * The header and first `lines` lines of a statement as they are, read from its first bytes
 * (at most `PREVIEW_MAX_BYTES`; the rest is not read), within the statement's limits and shown
 * bounded (`previewOf`): what the column-map screen builds a map from. An XLSX
 * workbook (told by its first bytes) shows its first sheet's first rows; its delimiter, which no
 * sheet has, is the one asked or ','.
 */
export async function previewStatement(
  source: AsyncIterable<Buffer | Uint8Array>,
  input: { delimiter?: string; lines: number },
): Promise<Preview> {
  const { zip, bytes } = await sniffed(source);
  if (zip) return previewSheet(bytes, input);
  const chunks: Buffer[] = [];
  let size = 0;
  let newlines = 0;
  for await (const chunk of bytes) {
    const buffer = Buffer.from(chunk);
    chunks.push(buffer);
    size += buffer.length;
    for (const byte of buffer) if (byte === 0x0a) newlines++;
    if (size >= PREVIEW_MAX_BYTES || newlines > input.lines + 1) break;
  }
  const head = Buffer.concat(chunks).subarray(0, PREVIEW_MAX_BYTES);
  // The complete lines only (a preview may stop inside a line or a character).
  const end = head.lastIndexOf(0x0a);
  const whole = end < 0 ? head : head.subarray(0, end + 1);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(whole);
  } catch {
    throw badInput('The file is not UTF-8 text (save it as CSV UTF-8)');
  }
  if (!text.trim()) throw badInput('The file is empty: a statement starts with a header line');
  const delimiter = input.delimiter ?? guessDelimiter(text.slice(0, text.indexOf('\n') >>> 0));
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      delimiter,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      max_record_size: STATEMENT_MAX_ROW_CHARS,
      to: input.lines + 1,
    }) as unknown as typeof records;
  } catch (error) {
    if (error instanceof CsvError) throw csvProblem(error);
    throw badInput(`The file is not readable CSV (${(error as Error).message})`);
  }
  for (const { record, info } of records) checkRowCells(record, info.lines, columnNumber);
  const [header, ...rows] = records;
  return previewOf(
    delimiter,
    header?.record ?? [],
    rows.map((r) => ({ line_no: r.info.lines, cells: r.record })),
  );
}
