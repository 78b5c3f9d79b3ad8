import { once } from 'node:events';
import { crc32, createDeflateRaw, type DeflateRaw } from 'node:zlib';
import { Zip, ZipDeflate, strToU8, type AsyncFlateStreamHandler, type ZipInputFile } from 'fflate';
import { PIECE_CHARS, type Cell, type ExportColumn, type TableFileFormat } from './table-file';

/**
 * XLSX written as it streams: a zip (fflate) whose first worksheet (the header on row 1, then the
 * rows) is deflated row chunk by row chunk (by node's zlib at level 1: compressing is most of an export's work), so a million rows
 * never sit in memory. Text is inline (no shared-string table to hold); an amount is a number
 * cell holding the exact decimal text when a spreadsheet's double keeps every digit (15
 * significant digits), and a text cell otherwise, so no digit is lost. A second sheet, Filters,
 * says what the export was made with.
 */
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const DOC_RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

const FIXED_PARTS: Readonly<Record<string, string>> = {
  '[Content_Types].xml': `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/worksheets/sheet2.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
  '_rels/.rels': `${XML}<Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${DOC_RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  'xl/workbook.xml': `${XML}<workbook xmlns="${MAIN}" xmlns:r="${DOC_RELS}"><sheets><sheet name="Export" sheetId="1" r:id="rId1"/><sheet name="Filters" sheetId="2" r:id="rId3"/></sheets></workbook>`,
  'xl/_rels/workbook.xml.rels': `${XML}<Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${DOC_RELS}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${DOC_RELS}/styles" Target="styles.xml"/><Relationship Id="rId3" Type="${DOC_RELS}/worksheet" Target="worksheets/sheet2.xml"/></Relationships>`,
  // Style 1 is bold, for the column names.
  'xl/styles.xml': `${XML}<styleSheet xmlns="${MAIN}"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs></styleSheet>`,
};

/** Anything `xmlText` would change: a character XML 1.0 can't hold or a markup character. */
// eslint-disable-next-line no-control-regex -- XML 1.0 names its allowed characters by code point
const NOT_PLAIN = /[^\x09\x0A\x0D\x20-\x25\x27-\x3B\x3D\x3F-\uD7FF\uE000-\uFFFD]/;

/** Characters XML 1.0 can't hold become U+FFFD; markup characters are escaped. */
export function xmlText(text: string): string {
  if (!NOT_PLAIN.test(text)) return text;
  return (
    text
      // eslint-disable-next-line no-control-regex -- XML 1.0 names its allowed characters by code point
      .replace(/[^\x09\x0A\x0D\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '\uFFFD')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
  );
}

const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;
const significantDigits = (decimal: string) =>
  decimal.replace(/[-.]/g, '').replace(/^0+/, '').length;

/** One cell's XML: a number cell for an amount a double keeps exactly, else inline text. */
function cellXml(cell: Cell, kind: ExportColumn['kind'] | undefined, style = ''): string {
  if (cell === null) return `<c${style}/>`;
  if (kind === 'amount' && PLAIN_DECIMAL.test(cell) && significantDigits(cell) <= 15)
    return `<c${style}><v>${cell}</v></c>`;
  return `<c t="inlineStr"${style}><is><t xml:space="preserve">${xmlText(cell)}</t></is></c>`;
}

function rowXml(cells: readonly Cell[], columns?: readonly ExportColumn[], style = ''): string {
  let xml = '<row>';
  for (let i = 0; i < cells.length; i++) xml += cellXml(cells[i]!, columns?.[i]?.kind, style);
  return `${xml}</row>`;
}

export const xlsxFile: TableFileFormat = {
  contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  extension: 'xlsx',
  async *write(heading, columns, rows) {
    let out: Uint8Array[] = [];
    let failure: Error | null = null;
    const zip = new Zip((error, data) => {
      if (error) failure = error;
      else out.push(data);
    });
    const drain = () => {
      if (failure) throw failure;
      const ready = out;
      out = [];
      return ready;
    };
    // The second sheet says what the export was made with; the first starts with the header.
    const filters = `${XML}<worksheet xmlns="${MAIN}"><sheetData>${heading
      .map(([label, value]) => rowXml([label, value]))
      .join('')}</sheetData></worksheet>`;
    for (const [name, text] of [
      ...Object.entries(FIXED_PARTS),
      ['xl/worksheets/sheet2.xml', filters] as const,
    ]) {
      const part = new ZipDeflate(name, { level: 6 });
      zip.add(part);
      part.push(strToU8(text), true);
    }
    const sheet = new NativeDeflate('xl/worksheets/sheet1.xml');
    try {
      zip.add(sheet);
      const names = rowXml(
        columns.map((c) => c.key),
        undefined,
        ' s="1"',
      );
      await sheet.push(`${XML}<worksheet xmlns="${MAIN}"><sheetData>${names}`);
      yield* drain();
      let xml = '';
      for await (const chunk of rows) {
        for (const cells of chunk) {
          xml += rowXml(cells, columns);
          if (xml.length >= PIECE_CHARS) {
            await sheet.push(xml);
            xml = '';
          }
        }
        yield* drain();
      }
      if (xml) await sheet.push(xml);
      await sheet.push('</sheetData></worksheet>', true);
      zip.end();
      yield* drain();
    } finally {
      // Also when the download stops early: free zlib's memory.
      sheet.close();
    }
  },
};

/**
 * A zip entry deflated by node's zlib (native, level 1) rather than fflate's JavaScript: about
 * five times faster on a big sheet. Its size and CRC are known at its end, which the zip writes
 * in a data descriptor, as it does for fflate's own streamed entries.
 */
class NativeDeflate implements ZipInputFile {
  size = 0;
  crc = 0;
  readonly compression = 8;
  ondata?: AsyncFlateStreamHandler;
  private readonly deflate: DeflateRaw = createDeflateRaw({ level: 1 });
  private failure: Error | null = null;

  constructor(readonly filename: string) {
    this.deflate.on('data', (data: Buffer) =>
      this.ondata?.(null, data as Uint8Array<ArrayBuffer>, false),
    );
    this.deflate.on('error', (error: Error) => {
      this.failure = error;
    });
  }

  /** Deflates `text`; resolves once zlib has taken it (and passed on what it wrote). */
  async push(text: string, final = false): Promise<void> {
    const data = Buffer.from(text, 'utf8');
    this.size += data.length;
    this.crc = crc32(data, this.crc);
    await new Promise<void>((resolve, reject) =>
      this.deflate.write(data, (error) => (error ? reject(error) : resolve())),
    );
    if (final) {
      const ended = once(this.deflate, 'end');
      this.deflate.end();
      await ended;
      this.ondata?.(null, new Uint8Array(0), true);
    }
    if (this.failure) throw this.failure;
  }

  close(): void {
    this.deflate.destroy();
  }
}
