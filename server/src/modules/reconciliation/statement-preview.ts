import { parse } from 'csv-parse/sync';
import { RECON_DELIMITERS, type CallResponse, type previewReconStatement } from '@bo/contract';
import { badInput } from '../../core/app-error';

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

/**
 * The header and first `lines` lines of a statement as they are, read from its first bytes
 * (at most 1 MB; the rest is not read): what the column-map screen builds a map from.
 */
export async function previewStatement(
  bytes: AsyncIterable<Buffer | Uint8Array>,
  input: { delimiter?: string; lines: number },
): Promise<CallResponse<typeof previewReconStatement>> {
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
