import { parse } from 'csv-parse/sync';
import { RECON_DELIMITERS, type CallResponse, type previewReconStatement } from '@bo/contract';
import { badInput } from '../../core/app-error';
import { sniffed } from './statement-reader';
import { xlsxRows, type SheetRow } from './xlsx-rows';

/** At most this much of a file is read for a preview. */
const PREVIEW_BYTES = 1024 * 1024;

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
): Promise<CallResponse<typeof previewReconStatement>> {
  const records: SheetRow[] = [];
  for await (const row of xlsxRows(bytes)) {
    if (row.cells.every((c) => c.trim() === '')) continue;
    records.push(row);
    if (records.length > input.lines) break;
  }
  const [header, ...rows] = records;
  if (!header) throw badInput('The file is empty: a statement starts with a header line');
  return {
    delimiter: input.delimiter ?? ',',
    header: header.cells,
    rows: rows.map((r) => ({ line_no: r.rowNo, cells: r.cells })),
  };
}

/**
 * The header and first `lines` lines of a statement as they are, read from its first bytes
 * (at most 1 MB; the rest is not read): what the column-map screen builds a map from. An XLSX
 * workbook (told by its first bytes) shows its first sheet's first rows; its delimiter, which no
 * sheet has, is the one asked or ','.
 */
export async function previewStatement(
  source: AsyncIterable<Buffer | Uint8Array>,
  input: { delimiter?: string; lines: number },
): Promise<CallResponse<typeof previewReconStatement>> {
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
    if (size >= PREVIEW_BYTES || newlines > input.lines + 1) break;
  }
  const head = Buffer.concat(chunks).subarray(0, PREVIEW_BYTES);
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
      to: input.lines + 1,
    }) as unknown as typeof records;
  } catch (error) {
    throw badInput(`The file is not readable CSV (${(error as Error).message})`);
  }
  const [header, ...rows] = records;
  return {
    delimiter,
    header: header?.record ?? [],
    rows: rows.map((r) => ({ line_no: r.info.lines, cells: r.record })),
  };
}
