/**
 * The rows of an XLSX workbook's first worksheet as its bytes stream (fflate's `Unzip`, saxes'
 * XML parser), never the whole file or sheet in memory: each chunk of the upload is unzipped,
 * inflated and parsed at once, its rows handed on before the next chunk is read. Only the
 * shared strings table is held whole (the format forces it: a sheet names its strings by
 * number). When the sheet comes before the shared strings in the zip, as Excel writes it, the
 * sheet's compressed bytes wait in a temporary file and are read once the strings are in.
 */
import { closeSync, createReadStream, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Inflate, Unzip, UnzipPassThrough } from 'fflate';
import { SaxesParser } from 'saxes';
import { AppError, badInput } from '../../core/app-error';

/** One worksheet row: its cells by column (gaps ''), and which hold numbers. */
export interface SheetRow {
  /** The row's number in the sheet (1 = the first). */
  readonly rowNo: number;
  readonly cells: string[];
  /** True where the cell holds a number (its text in plain decimal notation, '.' before decimals). */
  readonly numeric: boolean[];
}

/** Whether a file's first bytes are a zip's (PK\x03\x04): an XLSX workbook, not CSV text. */
export const isZipMagic = (head: Uint8Array): boolean =>
  head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;

/** The most columns a row may have (Excel's XFD) and characters a cell may hold. */
const MAX_COLUMNS = 16_384;
const MAX_CELL_CHARS = 64 * 1024;
/** The most characters the shared strings may hold together. */
const MAX_SHARED_CHARS = 64 * 1024 * 1024;

const notXlsx = (why: string) => badInput(`The file is not a readable XLSX workbook: ${why}`);

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

/** 'B' → 1, 'AA' → 26: a column's index from its letters; -1 when it has none. */
export function columnIndex(ref: string): number {
  let n = 0;
  let i = 0;
  for (; i < ref.length; i++) {
    const c = ref.charCodeAt(i) | 0x20;
    if (c < 0x61 || c > 0x7a) break;
    n = n * 26 + (c - 0x60);
  }
  return i === 0 ? -1 : n - 1;
}

/**
 * A number cell's text in plain decimal notation, rounded to the 15 significant digits Excel
 * keeps ('1234.5599999999999' → '1234.56', '1.5E-3' → '0.0015'), by decimal text arithmetic,
 * never a float; null when it is no number.
 */
export function excelNumberText(raw: string): string | null {
  const m = /^([-+]?)(\d*)(?:\.(\d*))?(?:[eE]([-+]?\d{1,3}))?$/.exec(raw.trim());
  if (!m || (m[2] === '' && !m[3])) return null;
  const negative = m[1] === '-';
  let digits = (m[2] ?? '') + (m[3] ?? '');
  // Where the decimal point falls within `digits`.
  let point = (m[2] ?? '').length + Number(m[4] ?? 0);
  const lead = digits.length - digits.replace(/^0+/, '').length;
  digits = digits.slice(lead);
  point -= lead;
  if (digits === '') return '0';
  if (digits.length > 15) {
    const up = digits.charCodeAt(15) >= 0x35;
    let kept = digits.slice(0, 15).split('');
    if (up) {
      let i = kept.length - 1;
      while (i >= 0 && kept[i] === '9') kept[i--] = '0';
      if (i < 0) {
        kept = ['1', ...kept];
        point++;
      } else kept[i] = String(Number(kept[i]) + 1);
    }
    digits = kept.join('');
  }
  digits = digits.replace(/0+$/, '');
  if (digits === '') return '0';
  let text: string;
  if (point <= 0) text = `0.${'0'.repeat(-point)}${digits}`;
  else if (point >= digits.length) text = digits + '0'.repeat(point - digits.length);
  else text = `${digits.slice(0, point)}.${digits.slice(point)}`;
  return negative ? `-${text}` : text;
}

const local = (name: string) => name.slice(name.indexOf(':') + 1);

/** An XML part parsed as its (inflated) bytes arrive. */
function xmlPart(onTag: (parser: SaxesParser) => void, part: string) {
  const parser = new SaxesParser();
  const decoder = new TextDecoder('utf-8', { fatal: true });
  onTag(parser);
  const write = (bytes: Uint8Array, final: boolean) => {
    try {
      parser.write(decoder.decode(bytes, { stream: !final }));
      if (final) parser.close();
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (error instanceof TypeError) throw notXlsx(`${part} is not UTF-8`);
      throw notXlsx(`${part} is not well-formed XML (${(error as Error).message})`);
    }
  };
  return write;
}

/** The shared strings' parser: each `<si>`'s text (its runs joined, phonetic hints left out). */
function sharedStringsParser(strings: string[]) {
  let total = 0;
  return xmlPart((p) => {
    let text: string | null = null;
    let inT = false;
    let phonetic = 0;
    p.on('opentag', (tag) => {
      const name = local(tag.name);
      if (name === 'si') text = '';
      else if (name === 't' && !phonetic) inT = true;
      else if (name === 'rPh') phonetic++;
    });
    p.on('text', (t) => {
      if (inT && text !== null) text += t;
    });
    p.on('closetag', (tag) => {
      const name = local(tag.name);
      if (name === 't') inT = false;
      else if (name === 'rPh') phonetic--;
      else if (name === 'si' && text !== null) {
        total += text.length;
        if (total > MAX_SHARED_CHARS)
          throw badInput('The XLSX file has more shared text than a statement may hold (64 MB)');
        strings.push(text);
        text = null;
      }
    });
  }, 'xl/sharedStrings.xml');
}

/** The worksheet's parser: each `<row>` handed to `onRow` as it closes. */
function sheetParser(strings: () => readonly string[], onRow: (row: SheetRow) => void) {
  return xmlPart((p) => {
    let rowNo = 0;
    let cells: string[] = [];
    let numeric: boolean[] = [];
    let col = -1;
    let type = 'n';
    let value: string | null = null;
    let inline: string | null = null;
    let inValue = false;
    let inText = false;
    let phonetic = 0;
    p.on('opentag', (tag) => {
      const attrs = tag.attributes as Record<string, string>;
      switch (local(tag.name)) {
        case 'row': {
          const r = Number(attrs.r);
          rowNo = Number.isInteger(r) && r > rowNo ? r : rowNo + 1;
          cells = [];
          numeric = [];
          col = -1;
          break;
        }
        case 'c': {
          const at = attrs.r ? columnIndex(attrs.r) : -1;
          col = at >= 0 ? at : col + 1;
          if (col >= MAX_COLUMNS) throw notXlsx(`row ${rowNo} has a cell past column XFD`);
          type = attrs.t ?? 'n';
          value = null;
          inline = null;
          break;
        }
        case 'v':
          inValue = true;
          value = '';
          break;
        case 'is':
          inline = '';
          break;
        case 't':
          if (inline !== null && !phonetic) inText = true;
          break;
        case 'rPh':
          phonetic++;
          break;
      }
    });
    p.on('text', (t) => {
      if (inValue) value += t;
      else if (inText) inline += t;
      else return;
      if ((value?.length ?? 0) > MAX_CELL_CHARS || (inline?.length ?? 0) > MAX_CELL_CHARS)
        throw badInput(`Line ${rowNo}: a cell holds more than 64 KB of text`);
    });
    p.on('closetag', (tag) => {
      switch (local(tag.name)) {
        case 'v':
          inValue = false;
          break;
        case 't':
          inText = false;
          break;
        case 'rPh':
          phonetic--;
          break;
        case 'c': {
          let text: string;
          let isNumber = false;
          if (type === 'inlineStr') text = inline ?? '';
          else if (type === 's') {
            const all = strings();
            const index = Number(value);
            if (value === null || !Number.isInteger(index) || index < 0 || index >= all.length)
              throw notXlsx(
                `row ${rowNo} names shared string ${value ?? '(none)'}, not in the file`,
              );
            text = all[index]!;
          } else if (type === 'n' && value !== null && value.trim() !== '') {
            const plain = excelNumberText(value);
            if (plain === null)
              throw notXlsx(`row ${rowNo} has a number cell "${value.slice(0, 40)}"`);
            text = plain;
            isNumber = true;
          } else text = value ?? '';
          for (let i = cells.length; i < col; i++) {
            cells.push('');
            numeric.push(false);
          }
          cells[col] = text;
          numeric[col] = isNumber;
          break;
        }
        case 'row':
          onRow({ rowNo, cells, numeric });
          break;
      }
    });
  }, 'the worksheet');
}

/** The part a relationship's target names, from the workbook's folder ('xl/'). */
const partOf = (target: string) =>
  target.startsWith('/') ? target.slice(1) : `xl/${target}`.replace(/\/\.\//g, '/');

/**
 * The first worksheet's rows, read from a zip's bytes as they stream. The first sheet is the
 * workbook's first (xl/workbook.xml and its relationships, when they come before the sheets,
 * as every spreadsheet program writes them), else xl/worksheets/sheet1.xml.
 */
export async function* xlsxRows(
  source: AsyncIterable<Uint8Array>,
): AsyncGenerator<SheetRow, void, undefined> {
  const rows: SheetRow[] = [];
  const strings: string[] = [];
  // Changed by the unzip's callbacks: fields, so that no narrowing outlives them.
  const st = {
    strings: 'unknown' as 'unknown' | 'coming' | 'none' | 'read',
    sheet: 'waiting' as 'waiting' | 'reading' | 'stored' | 'done',
    stored: null as { dir: string; path: string; fd: number; deflated: boolean } | null,
    failure: null as unknown,
  };
  let firstSheetId: string | null = null;
  const targets = new Map<string, string>();
  let sheetPart: string | null = null;

  const workbookWrite = xmlPart((p) => {
    p.on('opentag', (tag) => {
      const attrs = tag.attributes as Record<string, string>;
      if (local(tag.name) === 'sheet' && firstSheetId === null)
        firstSheetId =
          attrs['r:id'] ?? Object.entries(attrs).find(([k]) => local(k) === 'id')?.[1] ?? '';
    });
  }, 'xl/workbook.xml');
  let hasStringsRel = false;
  const relsWrite = xmlPart((p) => {
    p.on('opentag', (tag) => {
      const attrs = tag.attributes as Record<string, string>;
      if (local(tag.name) !== 'Relationship' || !attrs.Target) return;
      targets.set(attrs.Id ?? '', partOf(attrs.Target));
      if (attrs.Type?.endsWith('/sharedStrings')) hasStringsRel = true;
    });
    p.on('end', () => {
      if (st.strings === 'unknown') st.strings = hasStringsRel ? 'coming' : 'none';
    });
  }, 'xl/_rels/workbook.xml.rels');

  /** Bytes of an entry, inflated when deflated, handed to `write`. */
  const inflating = (deflated: boolean, write: (bytes: Uint8Array, final: boolean) => void) => {
    if (!deflated) return write;
    const inflate = new Inflate((data, final) => write(data, final));
    return (bytes: Uint8Array, final: boolean) => inflate.push(bytes, final);
  };

  const isSheet = (name: string) =>
    sheetPart !== null
      ? name === sheetPart
      : name === (firstSheetId !== null ? targets.get(firstSheetId) : undefined) ||
        name === 'xl/worksheets/sheet1.xml';

  const unzip = new Unzip((file) => {
    const deflated = file.compression === 8;
    if (file.compression !== 0 && !deflated)
      throw notXlsx(
        `${file.name} is compressed in a way XLSX files are not (method ${file.compression})`,
      );
    let write: ((bytes: Uint8Array, final: boolean) => void) | null = null;
    // Whether `write` takes the entry's bytes inflated (else as they are in the zip).
    let inflated = true;
    if (file.name === 'xl/workbook.xml') write = workbookWrite;
    else if (file.name === 'xl/_rels/workbook.xml.rels') write = relsWrite;
    else if (file.name === 'xl/sharedStrings.xml') {
      st.strings = 'coming';
      const parse = sharedStringsParser(strings);
      write = (bytes, final) => {
        parse(bytes, final);
        if (final) st.strings = 'read';
      };
    } else if (st.sheet === 'waiting' && isSheet(file.name)) {
      sheetPart = file.name;
      if (st.strings === 'read' || st.strings === 'none') {
        st.sheet = 'reading';
        const parse = sheetParser(
          () => strings,
          (row) => rows.push(row),
        );
        write = (bytes, final) => {
          parse(bytes, final);
          if (final) st.sheet = 'done';
        };
      } else {
        // The strings come later (or may): the sheet's bytes wait, compressed, on disk.
        st.sheet = 'stored';
        const dir = mkdtempSync(join(tmpdir(), 'recon-xlsx-'));
        const path = join(dir, 'sheet');
        st.stored = { dir, path, fd: openSync(path, 'w'), deflated };
        const fd = st.stored.fd;
        inflated = false;
        write = (bytes, final) => {
          writeSync(fd, bytes);
          if (final) closeSync(fd);
        };
      }
    }
    if (!write) {
      // Read and dropped (an entry never started would be kept by the unzip).
      file.ondata = () => undefined;
    } else {
      const into = inflating(deflated && inflated, write);
      file.ondata = (error, data, final) => {
        if (st.failure) return;
        if (error) st.failure = notXlsx(`${file.name} does not unzip (${error.message})`);
        else
          try {
            into(data, final);
          } catch (e) {
            st.failure = asXlsxError(e, file.name);
          }
      };
    }
    file.start();
  });
  unzip.register(DeflatedPassThrough);

  const push = (chunk: Uint8Array, final: boolean) => {
    try {
      unzip.push(chunk, final);
    } catch (e) {
      st.failure ??= asXlsxError(e, 'the zip');
    }
    if (st.failure) throw st.failure;
  };

  try {
    for await (const chunk of source) {
      push(chunk instanceof Uint8Array ? chunk : new Uint8Array(chunk), false);
      for (const row of rows.splice(0)) yield row;
    }
    push(new Uint8Array(0), true);
    for (const row of rows.splice(0)) yield row;
    if (st.sheet === 'waiting') throw notXlsx('it has no worksheet');
    if (st.sheet === 'reading') throw notXlsx('it ends inside its worksheet');
    const waiting = st.stored;
    if (st.sheet === 'stored' && waiting) {
      if (st.strings === 'coming') throw notXlsx('it ends inside its shared strings');
      const parse = inflating(
        waiting.deflated,
        sheetParser(
          () => strings,
          (row) => rows.push(row),
        ),
      );
      let ended = false;
      const finish = (bytes: Uint8Array, final: boolean) => {
        parse(bytes, final);
        if (final) ended = true;
      };
      for await (const chunk of createReadStream(waiting.path, { highWaterMark: 64 * 1024 })) {
        finish(chunk as Buffer, false);
        for (const row of rows.splice(0)) yield row;
      }
      finish(new Uint8Array(0), true);
      for (const row of rows.splice(0)) yield row;
      if (!ended) throw notXlsx('it ends inside its worksheet');
    }
  } finally {
    const waiting = st.stored;
    if (waiting) {
      try {
        closeSync(waiting.fd);
      } catch {
        // closed once written
      }
      rmSync(waiting.dir, { recursive: true, force: true });
    }
  }
}
