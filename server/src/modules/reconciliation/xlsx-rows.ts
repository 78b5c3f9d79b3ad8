/**
 * The rows of an XLSX workbook's first worksheet as its bytes stream (fflate's `Unzip`, saxes'
 * XML parser), never the whole file or sheet in memory, in small steps: the upload is unzipped a
 * slice of `UNZIP_SLICE_BYTES` at a time, each entry's slice inflated (at most about a megabyte)
 * and counted against the upload limits as it inflates (`inflatedBudget`), then parsed
 * `XML_PARSE_SLICE_BYTES` at a time, the rows handed on as they come and the event loop let turn
 * every few milliseconds (`pacer`). Only the shared strings table is held whole (the format forces it: a sheet names its strings by
 * number). When the sheet comes before the shared strings in the zip, as Excel writes it, the
 * sheet's compressed bytes wait in a temporary file and are read once the strings are in.
 */
import { closeSync, createReadStream, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Unzip, UnzipPassThrough } from 'fflate';
import { AppError } from '../../core/app-error';
import { pacer, slicesOf } from '../../http/paced-bytes';
import {
  UNZIP_SLICE_BYTES,
  XML_PARSE_SLICE_BYTES,
  XLSX_MAX_PART_BYTES,
  XLSX_MAX_TOTAL_BYTES,
} from '../../http/upload-limits';
import {
  local,
  notXlsx,
  sharedStringsParser,
  sheetParser,
  xmlPart,
  type SheetRow,
} from './xlsx-sheet-xml';
import { WindowInflate } from './window-inflate';

export type { SheetRow } from './xlsx-sheet-xml';

/** Whether a file's first bytes are a zip's (PK\x03\x04): an XLSX workbook, not CSV text. */
export const isZipMagic = (head: Uint8Array): boolean =>
  head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/**
 * Counts the bytes the workbook's parts inflate to as they inflate, each part's and all
 * together: past `XLSX_MAX_PART_BYTES` or `XLSX_MAX_TOTAL_BYTES` the reading stops there.
 */
function inflatedBudget() {
  let total = 0;
  return (part: string, write: (bytes: Uint8Array, final: boolean) => void) => {
    let size = 0;
    return (bytes: Uint8Array, final: boolean) => {
      size += bytes.length;
      total += bytes.length;
      if (size > XLSX_MAX_PART_BYTES)
        throw notXlsx(`${part} inflates to more than ${megabytes(XLSX_MAX_PART_BYTES)}`);
      if (total > XLSX_MAX_TOTAL_BYTES)
        throw notXlsx(`its parts inflate to more than ${megabytes(XLSX_MAX_TOTAL_BYTES)}`);
      write(bytes, final);
    };
  };
}

/** An error of ours as it is; the unzip's or inflate's named as the file's fault. */
const asXlsxError = (error: unknown, part: string) =>
  error instanceof AppError
    ? error
    : notXlsx(`${part} does not unzip (${error instanceof Error ? error.message : String(error)})`);

/**
 * Hands deflated entries on as they are, compressed: each entry is inflated (or stored in a
 * temporary file first) as the reader decides, not by the unzip.
 */
class DeflatedPassThrough extends UnzipPassThrough {
  static override compression = 8;
}

/** The part a relationship's target names, from the workbook's folder ('xl/'). */
const partOf = (target: string) =>
  target.startsWith('/') ? target.slice(1) : `xl/${target}`.replace(/\/\.\//g, '/');

/** Bytes of a zip entry handed to what reads them (`final`: its last). */
type Take = (bytes: Uint8Array, final: boolean) => void;

/** Bytes waiting for their reader (the queues below hold a slice's worth at most). */
interface Step {
  take: Take;
  bytes: Uint8Array;
  final: boolean;
}

const NOTHING = new Uint8Array(0);
const drop: Take = () => undefined;

/** The sheet's compressed bytes, waiting on disk for the shared strings that come after it. */
interface StoredSheet {
  dir: string;
  path: string;
  fd: number;
  deflated: boolean;
}

/**
 * One workbook's reading: what the entries read so far said, and the bytes waiting for their
 * readers. Each entry's bytes wait in `compressed` until the entries before it are read (its
 * reader is chosen then, when what they said is known), and inflated bytes wait in `inflated`
 * to be parsed a slice at a time.
 */
interface WorkbookReading {
  /** Rows parsed and not yet handed on. */
  readonly rows: SheetRow[];
  /** The shared strings table, the one part held whole. */
  readonly strings: string[];
  readonly compressed: Step[];
  readonly inflated: Step[];
  readonly st: {
    strings: 'unknown' | 'coming' | 'none' | 'read';
    sheet: 'waiting' | 'reading' | 'stored' | 'done';
    stored: StoredSheet | null;
    failure: unknown;
  };
  /** The relationship id of the workbook's first sheet (xl/workbook.xml). */
  firstSheetId: string | null;
  /** The parts the workbook's relationships name, by id. */
  readonly targets: Map<string, string>;
  /** The entry read as the sheet, for errors. */
  sheetPart: string | null;
  /** Counts the bytes the parts inflate to (`inflatedBudget`). */
  readonly counted: ReturnType<typeof inflatedBudget>;
}

const newReading = (): WorkbookReading => ({
  rows: [],
  strings: [],
  compressed: [],
  inflated: [],
  st: { strings: 'unknown', sheet: 'waiting', stored: null, failure: null },
  firstSheetId: null,
  targets: new Map(),
  sheetPart: null,
  counted: inflatedBudget(),
});

/** The parsers of xl/workbook.xml (its first sheet) and its relationships (their targets). */
function workbookParts(r: WorkbookReading): { workbook: Take; rels: Take } {
  const workbook = xmlPart((p) => {
    p.on('opentag', (tag) => {
      const attrs = tag.attributes as Record<string, string>;
      if (local(tag.name) === 'sheet' && r.firstSheetId === null)
        r.firstSheetId =
          attrs['r:id'] ?? Object.entries(attrs).find(([k]) => local(k) === 'id')?.[1] ?? '';
    });
  }, 'xl/workbook.xml');
  let hasStringsRel = false;
  const rels = xmlPart((p) => {
    p.on('opentag', (tag) => {
      const attrs = tag.attributes as Record<string, string>;
      if (local(tag.name) !== 'Relationship' || !attrs.Target) return;
      r.targets.set(attrs.Id ?? '', partOf(attrs.Target));
      if (attrs.Type?.endsWith('/sharedStrings')) hasStringsRel = true;
    });
    p.on('end', () => {
      if (r.st.strings === 'unknown') r.st.strings = hasStringsRel ? 'coming' : 'none';
    });
  }, 'xl/_rels/workbook.xml.rels');
  return { workbook, rels };
}

/** An entry's reader that inflates (when deflated) and counts, then queues it for `parse`. */
function parsing(r: WorkbookReading, part: string, deflated: boolean, parse: Take): Take {
  const queue = r.counted(part, (bytes, final) => r.inflated.push({ take: parse, bytes, final }));
  if (!deflated) return queue;
  const inflate = new WindowInflate((data, final) => queue(data, final));
  return (bytes, final) => inflate.push(bytes, final);
}

/** The sheet's reader: parsed when the strings are in (or none come), else stored on disk. */
function sheetReader(r: WorkbookReading, part: string, deflated: boolean): Take {
  const { st } = r;
  if (st.strings === 'read' || st.strings === 'none') {
    st.sheet = 'reading';
    const parse = sheetParser(
      () => r.strings,
      (row) => r.rows.push(row),
    );
    return parsing(r, part, deflated, (bytes, final) => {
      parse(bytes, final);
      if (final) st.sheet = 'done';
    });
  }
  st.sheet = 'stored';
  const dir = mkdtempSync(join(tmpdir(), 'recon-xlsx-'));
  const path = join(dir, 'sheet');
  const fd = openSync(path, 'w');
  st.stored = { dir, path, fd, deflated };
  return (bytes, final) => {
    writeSync(fd, bytes);
    if (final) closeSync(fd);
  };
}

/** Chooses the reader of an entry, once the entries before it are read. */
function entryReaders(r: WorkbookReading): (name: string, deflated: boolean) => Take {
  const parts = workbookParts(r);
  const isSheet = (name: string) =>
    name === (r.firstSheetId !== null ? r.targets.get(r.firstSheetId) : undefined) ||
    name === 'xl/worksheets/sheet1.xml';
  return (name, deflated) => {
    if (name === 'xl/workbook.xml') return parsing(r, name, deflated, parts.workbook);
    if (name === 'xl/_rels/workbook.xml.rels') return parsing(r, name, deflated, parts.rels);
    if (name === 'xl/sharedStrings.xml') {
      r.st.strings = 'coming';
      const parse = sharedStringsParser(r.strings);
      return parsing(r, name, deflated, (bytes, final) => {
        parse(bytes, final);
        if (final) r.st.strings = 'read';
      });
    }
    if (r.st.sheet === 'waiting' && isSheet(name)) {
      r.sheetPart = name;
      return sheetReader(r, name, deflated);
    }
    return drop;
  };
}

/**
 * The zip's reader: each slice pushed is unzipped, its entries' compressed bytes queued in
 * `compressed` with the reader `readerOf` chooses for them when they are taken.
 */
function zipReader(
  r: WorkbookReading,
  readerOf: (name: string, deflated: boolean) => Take,
): (chunk: Uint8Array, final: boolean) => void {
  const { st } = r;
  const unzip = new Unzip((file) => {
    const deflated = file.compression === 8;
    if (file.compression !== 0 && !deflated)
      throw notXlsx(
        `${file.name} is compressed in a way XLSX files are not (method ${file.compression})`,
      );
    let reader: Take | null = null;
    const take: Take = (bytes, final) => {
      reader ??= readerOf(file.name, deflated);
      reader(bytes, final);
    };
    file.ondata = (error, data, final) => {
      if (error) st.failure ??= notXlsx(`${file.name} does not unzip (${error.message})`);
      else r.compressed.push({ take, bytes: data, final });
    };
    file.start();
  });
  unzip.register(DeflatedPassThrough);
  return (chunk, final) => {
    try {
      unzip.push(chunk, final);
    } catch (e) {
      st.failure ??= asXlsxError(e, 'the zip');
    }
    if (st.failure) throw st.failure;
  };
}

/** Reads what waits, a step at a time: parses before it inflates more. */
async function* drain(
  r: WorkbookReading,
  pace: () => Promise<void>,
): AsyncGenerator<SheetRow, void, undefined> {
  for (;;) {
    const next = r.inflated[0];
    try {
      if (next) {
        const piece = next.bytes.subarray(0, XML_PARSE_SLICE_BYTES);
        next.bytes = next.bytes.subarray(piece.length);
        if (next.bytes.length === 0) r.inflated.shift();
        next.take(piece, next.final && next.bytes.length === 0);
      } else {
        const step = r.compressed.shift();
        if (!step) return;
        step.take(step.bytes, step.final);
      }
    } catch (e) {
      throw asXlsxError(e, r.sheetPart ?? 'the zip');
    }
    yield* r.rows.splice(0);
    await pace();
  }
}

/** The sheet stored on disk, read now that the shared strings are in. */
async function* readStoredSheet(
  r: WorkbookReading,
  waiting: StoredSheet,
  pace: () => Promise<void>,
): AsyncGenerator<SheetRow, void, undefined> {
  if (r.st.strings === 'coming') throw notXlsx('it ends inside its shared strings');
  r.st.strings = 'read';
  const take = sheetReader(r, r.sheetPart ?? 'the worksheet', waiting.deflated);
  const file = createReadStream(waiting.path, { highWaterMark: 64 * 1024 });
  for await (const slice of slicesOf(file, UNZIP_SLICE_BYTES)) {
    r.compressed.push({ take, bytes: slice, final: false });
    yield* drain(r, pace);
  }
  r.compressed.push({ take, bytes: NOTHING, final: true });
  yield* drain(r, pace);
  if (!sheetDone(r)) throw notXlsx('it ends inside its worksheet');
}

// A function: a narrowing of `st.sheet` by the caller would outlive the reading that changes it.
const sheetDone = (r: WorkbookReading) => r.st.sheet === 'done';

/** Closes and removes the stored sheet's temporary file, if there is one. */
function removeStoredSheet(r: WorkbookReading): void {
  const waiting = r.st.stored;
  if (!waiting) return;
  try {
    closeSync(waiting.fd);
  } catch {
    // closed once written
  }
  rmSync(waiting.dir, { recursive: true, force: true });
}

/**
 * The first worksheet's rows, read from a zip's bytes as they stream. The first sheet is the
 * workbook's first (xl/workbook.xml and its relationships, when they come before the sheets,
 * as every spreadsheet program writes them), else xl/worksheets/sheet1.xml.
 */
export async function* xlsxRows(
  source: AsyncIterable<Uint8Array>,
): AsyncGenerator<SheetRow, void, undefined> {
  const r = newReading();
  const push = zipReader(r, entryReaders(r));
  const pace = pacer();
  try {
    for await (const slice of slicesOf(source, UNZIP_SLICE_BYTES)) {
      push(slice, false);
      yield* drain(r, pace);
    }
    push(NOTHING, true);
    yield* drain(r, pace);
    if (r.st.sheet === 'waiting') throw notXlsx('it has no worksheet');
    if (r.st.sheet === 'reading') throw notXlsx('it ends inside its worksheet');
    const waiting = r.st.stored;
    if (r.st.sheet === 'stored' && waiting) yield* readStoredSheet(r, waiting, pace);
  } finally {
    removeStoredSheet(r);
  }
}
