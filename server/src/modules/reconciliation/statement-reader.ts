import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parse, CsvError } from 'csv-parse';
import { currencyInfo, isCurrencyCode, RECON_MAX_LINES, type ReconStatus } from '@bo/contract';
import { badInput } from '../../core/app-error';
import { STATEMENT_MAX_ROW_CHARS, STATEMENT_MAX_ROWS } from '../../http/upload-limits';
import type { ColumnMap } from './column-map';
import { readAmountCell, readSerialTimeCell, readTimeCell } from './line-values';
import {
  checkRowCells,
  columnLetters,
  columnNumber,
  rowTooLong,
  tooManyLines,
} from './statement-limits';
import { isZipMagic, xlsxRows } from './xlsx-rows';

/** One statement line as its column map reads it. */
export interface StatementLine {
  readonly lineNo: number;
  readonly reference: string;
  readonly orderId: string;
  readonly currency: string;
  /** Minor units of `currency`, signed as written. */
  readonly amount: bigint;
  /** What the gateway charged, never negative: a fee written '-12.50' (taken off) is 1250. */
  readonly fee: bigint | null;
  readonly status: ReconStatus;
  readonly occurredAt: Date | null;
}

/** Lines handed on at a time (the staging gathers a few batches into one COPY). */
export const STATEMENT_BATCH = 2000;

/** How the map wants an amount written, for the error naming a bad one. */
function amountFormatText(map: ColumnMap): string {
  if (map.amountFormat === 'minor') return 'whole minor units such as 123456';
  const thousands = map.thousandsSeparator
    ? `"${map.thousandsSeparator}" between thousands and `
    : 'no thousands separator and ';
  return `a decimal with ${thousands}"${map.decimalSeparator}" before the decimals`;
}

const DELIMITER_NAMES: Readonly<Record<string, string>> = { '\t': 'a tab' };
const delimiterName = (d: string) => DELIMITER_NAMES[d] ?? `"${d}"`;

/** The position of each mapped column in the header, or a 400 naming a missing one. */
function columnIndexes(header: readonly string[], map: ColumnMap): Record<string, number> {
  const names = header.map((h) => h.trim().toLowerCase());
  const indexes: Record<string, number> = {};
  for (const [key, name] of Object.entries(map.columns)) {
    if (name === '') continue;
    const at = names.indexOf(name.trim().toLowerCase());
    if (at < 0) {
      const other = [',', ';', '\t', '|'].find(
        (d) => d !== map.delimiter && header.length === 1 && header[0]!.includes(d),
      );
      const hint = other
        ? ` The header reads as one column: the file seems to use ${delimiterName(other)} where the column map says ${delimiterName(map.delimiter)}.`
        : ` The header has: ${header.slice(0, 20).join(', ')}.`;
      throw badInput(`Line 1: the column "${name}" is missing.${hint}`);
    }
    indexes[key] = at;
  }
  return indexes;
}

/**
 * The text of a statement's bytes as they stream: UTF-8, strictly (a byte that is not is
 * refused, naming its line), of at most `STATEMENT_MAX_ROWS` lines, empty ones included.
 */
async function* textOf(source: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let lines = 1;
  for await (const bytes of source) {
    let text: string;
    try {
      text = decoder.decode(bytes, { stream: true });
    } catch {
      throw badInput(
        `Line ${lines + countNewlinesBeforeBadByte(bytes)}: the file is not UTF-8 text (save it as CSV UTF-8)`,
      );
    }
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lines++;
    if (lines > STATEMENT_MAX_ROWS + 1) throw tooManyLines();
    yield text;
  }
  try {
    const rest = decoder.decode();
    if (rest) yield rest;
  } catch {
    throw badInput(`Line ${lines}: the file ends inside a character that is not UTF-8`);
  }
}

/**
 * Newlines in `bytes` before its first byte that is not UTF-8 (where the error lies), found by
 * halving: a prefix decodes (an unfinished last character allowed) exactly when the bad byte
 * lies past it. Leading continuation bytes end a character the chunk before began.
 */
function countNewlinesBeforeBadByte(bytes: Uint8Array): number {
  let start = 0;
  while (start < 3 && start < bytes.length && (bytes[start]! & 0xc0) === 0x80) start++;
  const decodes = (end: number) => {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(start, end), {
        stream: true,
      });
      return true;
    } catch {
      return false;
    }
  };
  // The longest prefix that decodes: the bad byte is the next one.
  let [good, bad] = [start, bytes.length];
  while (bad - good > 1) {
    const mid = (good + bad) >>> 1;
    if (decodes(mid)) good = mid;
    else bad = mid;
  }
  let n = 0;
  for (let i = 0; i < good; i++) if (bytes[i] === 0x0a) n++;
  return n;
}

/**
 * A statement's bytes as they stream, hashed on the way, and whether they are a zip's (an XLSX
 * workbook): told from the first four bytes, whatever the file's name.
 */
export async function sniffed(
  source: AsyncIterable<Buffer | Uint8Array | string>,
  hash?: ReturnType<typeof createHash>,
): Promise<{ zip: boolean; bytes: AsyncGenerator<Uint8Array> }> {
  const it = source[Symbol.asyncIterator]();
  const head: Uint8Array[] = [];
  let size = 0;
  let ended = false;
  const next = async () => {
    const r = await it.next();
    if (r.done) return null;
    const bytes = typeof r.value === 'string' ? Buffer.from(r.value) : r.value;
    hash?.update(bytes);
    return bytes;
  };
  while (size < 4) {
    const bytes = await next();
    if (!bytes) {
      ended = true;
      break;
    }
    head.push(bytes);
    size += bytes.length;
  }
  async function* bytes(): AsyncGenerator<Uint8Array> {
    try {
      yield* head.splice(0);
      if (ended) return;
      for (let b = await next(); b; b = await next()) yield b;
    } finally {
      await it.return?.();
    }
  }
  return { zip: isZipMagic(Buffer.concat(head).subarray(0, 4)), bytes: bytes() };
}

/** A statement's records: its cells by column, the line (row) they are on, which are numbers. */
interface StatementRecord {
  record: string[];
  info: { lines: number };
  numeric?: readonly boolean[];
}

/** An XLSX sheet's rows as records (`xlsxRows` leaves empty rows out, as CSV's are). */
async function* sheetRecords(bytes: AsyncIterable<Uint8Array>): AsyncGenerator<StatementRecord> {
  for await (const row of xlsxRows(bytes))
    yield { record: row.cells, info: { lines: row.rowNo }, numeric: row.numeric };
}

/**
 * The error a CSV parser's refusal stands for: a row past `STATEMENT_MAX_ROW_CHARS` named so,
 * anything else as unreadable CSV; both naming the line.
 */
export function csvProblem(error: CsvError): Error {
  const line = (error as CsvError & { lines?: number }).lines;
  if (error.code === 'CSV_MAX_RECORD_SIZE') return rowTooLong(line ?? 0);
  return badInput(`Line ${line ?? '?'}: the file is not readable CSV (${error.message})`);
}

/** How a number cell of an XLSX sheet is read: plain decimal text, '.' before the decimals. */
const numberMap = (map: ColumnMap): ColumnMap => ({
  ...map,
  thousandsSeparator: '',
  decimalSeparator: '.',
});

/** A statement being read: its lines a batch at a time, then its SHA-256 and line count. */
export interface StatementReading {
  batches(): AsyncGenerator<StatementLine[]>;
  /** Hex SHA-256 of every byte read (complete once `batches` is done). */
  sha256(): string;
  lineCount(): number;
}

/**
 * Reads a statement's bytes as they stream through csv-parse (or, an XLSX workbook, its first
 * sheet's rows through `xlsxRows`), never whole: the header first
 * (every mapped column must be there), then each line read by the map. A line the map cannot
 * read is a 400 naming the line and the column. `currency` is the gateway's, for statements
 * without a currency column.
 */
export function readStatement(
  source: AsyncIterable<Buffer | Uint8Array | string>,
  map: ColumnMap,
  currency: string,
): StatementReading {
  const hash = createHash('sha256');
  let digest = '';
  let count = 0;
  const statusOf = new Map(
    Object.entries(map.statusValues).map(([word, meaning]) => [word.trim().toLowerCase(), meaning]),
  );

  const numbers = numberMap(map);
  const cellAt = (cells: readonly string[], i: number | undefined) =>
    i === undefined ? '' : (cells[i] ?? '').trim();
  const isNumberAt = (numeric: readonly boolean[] | undefined, i: number | undefined) =>
    numeric !== undefined && i !== undefined && numeric[i] === true;
  const badCell = (lineNo: number, key: keyof ColumnMap['columns'], problem: string) =>
    badInput(`Line ${lineNo}, column ${map.columns[key]}: ${problem}`);
  const formatText = (number: boolean, scale: number) =>
    number
      ? map.amountFormat === 'minor'
        ? 'a whole number of minor units'
        : `a number with at most ${scale} decimals`
      : amountFormatText(map);

  /** One line read by the map (no closure made per line: a statement has a million). */
  function lineOf(
    cells: readonly string[],
    lineNo: number,
    at: Record<string, number>,
    numeric?: readonly boolean[],
  ): StatementLine {
    const reference = cellAt(cells, at.reference);
    const orderId = cellAt(cells, at.orderId);
    if (!reference && !orderId)
      throw badCell(lineNo, 'reference', 'the line has neither a reference nor an order id');
    const code = at.currency === undefined ? currency : cellAt(cells, at.currency).toUpperCase();
    if (!isCurrencyCode(code))
      throw badCell(lineNo, 'currency', `"${code}" is not a currency code we know`);
    const { scale } = currencyInfo(code);
    const amountText = cellAt(cells, at.amount);
    const amountIsNumber = isNumberAt(numeric, at.amount);
    const amount = readAmountCell(amountText, amountIsNumber ? numbers : map, scale);
    if (amount === null)
      throw badCell(
        lineNo,
        'amount',
        `"${amountText.slice(0, 40)}" is not ${formatText(amountIsNumber, scale)}`,
      );
    const feeText = cellAt(cells, at.fee);
    const feeIsNumber = isNumberAt(numeric, at.fee);
    const signedFee =
      feeText === '' ? null : readAmountCell(feeText, feeIsNumber ? numbers : map, scale);
    if (feeText !== '' && signedFee === null)
      throw badCell(
        lineNo,
        'fee',
        `"${feeText.slice(0, 40)}" is not ${formatText(feeIsNumber, scale)}`,
      );
    // The one place a fee's sign is settled: gateways write a charge either way.
    const fee = signedFee !== null && signedFee < 0n ? -signedFee : signedFee;
    const word = cellAt(cells, at.status);
    const status = statusOf.get(word.toLowerCase());
    if (!status)
      throw badCell(
        lineNo,
        'status',
        `the status "${word.slice(0, 40)}" is not in the gateway's column map`,
      );
    const timeText = cellAt(cells, at.time);
    const serial = isNumberAt(numeric, at.time);
    const occurredAt =
      timeText === ''
        ? null
        : serial
          ? readSerialTimeCell(timeText, map)
          : readTimeCell(timeText, map);
    if (timeText !== '' && !occurredAt)
      throw badCell(
        lineNo,
        'time',
        serial
          ? `${timeText.slice(0, 40)} is not a date and time from 2000 to 2999 (a spreadsheet's day number)`
          : `"${timeText.slice(0, 40)}" is not a time written ${map.timeFormat === 'dmy' ? 'DD/MM/YYYY HH:MM:SS' : 'YYYY-MM-DD HH:MM:SS'}`,
      );
    return { lineNo, reference, orderId, currency: code, amount, fee, status, occurredAt };
  }

  async function* batches(): AsyncGenerator<StatementLine[]> {
    const { zip, bytes } = await sniffed(source, hash);
    let parser: ReturnType<typeof parse> | null = null;
    let feeding: Promise<void> | null = null;
    let records: AsyncIterable<StatementRecord>;
    if (zip) records = sheetRecords(bytes);
    else {
      parser = parse({
        delimiter: map.delimiter,
        info: true,
        skip_empty_lines: true,
        max_record_size: STATEMENT_MAX_ROW_CHARS,
      });
      feeding = pipeline(Readable.from(textOf(bytes)), parser);
      // The feeding's failure surfaces through the parser; its own rejection is read below.
      feeding.catch(() => undefined);
      records = parser as AsyncIterable<StatementRecord>;
    }
    let at: Record<string, number> | null = null;
    let batch: StatementLine[] = [];
    try {
      const label = zip ? columnLetters : columnNumber;
      for await (const { record, info, numeric } of records) {
        checkRowCells(record, info.lines, label);
        if (!at) {
          at = columnIndexes(record, map);
          continue;
        }
        if (++count > RECON_MAX_LINES)
          throw badInput(`Line ${info.lines}: a statement has at most ${RECON_MAX_LINES} lines`);
        batch.push(lineOf(record, info.lines, at, numeric));
        if (batch.length >= STATEMENT_BATCH) {
          yield batch;
          batch = [];
        }
      }
      await feeding;
    } catch (error) {
      throw error instanceof CsvError ? csvProblem(error) : error;
    } finally {
      // Left early (a bad line, a failed insert): the parser stops and lets go of the source.
      if (parser && !parser.destroyed) parser.destroy();
      else if (!parser) await bytes.return(undefined);
    }
    if (!at) throw badInput('The file is empty: a statement starts with a header line');
    if (batch.length) yield batch;
    digest = hash.digest('hex');
  }

  return {
    batches,
    sha256: () => digest,
    lineCount: () => count,
  };
}
