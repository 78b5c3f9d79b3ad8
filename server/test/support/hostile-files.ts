/**
 * Hostile upload files, built in memory in a moment (issue 39's probe, for its tests and the
 * fuzz suite): XLSX workbooks whose sheet inflates to hundreds of megabytes of empty rows or of
 * wide rows from a few hundred kilobytes, wide CSV rows, a NUL byte in a CSV cell, an image
 * declaring more pixels than its bytes hold.
 *
 * A large inflated part is never built whole: each distinct piece is deflated once, ended by a
 * sync flush (byte-aligned, referring to nothing before it), and the copies are laid one after
 * the other; a valid deflate stream, as a gateway's or an attacker's zip tool would make.
 */
import { constants, crc32, deflateRawSync } from 'node:zlib';

/** One piece of an entry's content and how many times it comes, in order. */
export interface Repeated {
  readonly bytes: Buffer;
  readonly times: number;
}

/** A zip entry, deflated, with what its central directory says of it. */
interface ZipEntry {
  readonly name: string;
  readonly deflated: Buffer;
  readonly crc: number;
  readonly size: number;
}

/** An entry of `pieces` repeated as told, deflated without building the content whole. */
export function repeatedEntry(name: string, pieces: readonly Repeated[]): ZipEntry {
  const parts: Buffer[] = [];
  let crc = 0;
  let size = 0;
  for (const { bytes, times } of pieces) {
    const block = deflateRawSync(bytes, { level: 9, finishFlush: constants.Z_SYNC_FLUSH });
    for (let i = 0; i < times; i++) {
      parts.push(block);
      crc = crc32(bytes, crc);
    }
    size += bytes.length * times;
  }
  // The final (empty) block.
  parts.push(deflateRawSync(Buffer.alloc(0), { finishFlush: constants.Z_FINISH }));
  return { name, deflated: Buffer.concat(parts), crc, size };
}

const entryOf = (name: string, text: string | Buffer) =>
  repeatedEntry(name, [{ bytes: Buffer.from(text), times: 1 }]);

/** A zip of the entries in order (local headers, data, central directory, its end). */
export function zipOf(entries: readonly ZipEntry[]): Buffer {
  const local: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const head = Buffer.alloc(30);
    head.writeUInt32LE(0x04034b50, 0);
    head.writeUInt16LE(20, 4);
    head.writeUInt16LE(8, 8); // deflated
    head.writeUInt32LE(e.crc >>> 0, 14);
    head.writeUInt32LE(e.deflated.length, 18);
    head.writeUInt32LE(e.size, 22);
    head.writeUInt16LE(name.length, 26);
    local.push(head, name, e.deflated);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(8, 10);
    dir.writeUInt32LE(e.crc >>> 0, 16);
    dir.writeUInt32LE(e.deflated.length, 20);
    dir.writeUInt32LE(e.size, 24);
    dir.writeUInt16LE(name.length, 28);
    dir.writeUInt32LE(offset, 42);
    central.push(dir, name);
    offset += head.length + name.length + e.deflated.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...local, directory, end]);
}

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const SHEET_HEAD = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${NS}"><sheetData>`;
const SHEET_TAIL = '</sheetData></worksheet>';

/** A workbook whose first sheet's XML is `sheet` (its pieces between the sheet's head and tail). */
export function workbookOf(sheet: readonly Repeated[]): Buffer {
  return zipOf([
    entryOf('[Content_Types].xml', '<?xml version="1.0"?><Types/>'),
    entryOf(
      'xl/workbook.xml',
      `<?xml version="1.0"?><workbook xmlns="${NS}" xmlns:r="${REL}"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    entryOf(
      'xl/_rels/workbook.xml.rels',
      `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ),
    repeatedEntry('xl/worksheets/sheet1.xml', [
      { bytes: Buffer.from(SHEET_HEAD), times: 1 },
      ...sheet,
      { bytes: Buffer.from(SHEET_TAIL), times: 1 },
    ]),
  ]);
}

const MB = 1024 * 1024;

/**
 * An XLSX statement whose sheet inflates to about `inflatedMb` megabytes of empty rows
 * (`<row/>`): 100 MB zips to about 150 KB, 200 MB to about 300 KB (the probe's files).
 */
export function emptyRowsBomb(inflatedMb: number): Buffer {
  const unit = Buffer.alloc(MB - (MB % 6), '<row/>');
  return workbookOf([{ bytes: unit, times: Math.ceil((inflatedMb * MB) / unit.length) }]);
}

/**
 * An XLSX statement of `rows` rows of `cells` inline-string cells of `cellChars` characters
 * each: 1 row × 9,000 cells × 60,000 zips to about 740 KB (the probe's wide row, 540 MB as
 * text); 11 × 200 × 60,000 to about 180 KB (the probe's 120 MB preview).
 */
export function wideRowsWorkbook(rows: number, cells: number, cellChars: number): Buffer {
  const cell = Buffer.from(`<c t="inlineStr"><is><t>${'x'.repeat(cellChars)}</t></is></c>`);
  const row: Repeated[] = [
    { bytes: Buffer.from('<row>'), times: 1 },
    { bytes: cell, times: cells },
    { bytes: Buffer.from('</row>'), times: 1 },
  ];
  return workbookOf(Array.from({ length: rows }, () => row).flat());
}

/**
 * A CSV file of a header (`PLAIN_CSV_MAP`'s columns first) and one line of `cells` cells of
 * `cellChars` characters each.
 */
export function wideCsv(cells: number, cellChars: number): Buffer {
  const names = ['reference', 'order_id', 'amount', 'currency', 'status'];
  const header = Array.from({ length: cells }, (_, i) => names[i] ?? `c${i + 1}`).join(',');
  return Buffer.from(`${header}\n${Array(cells).fill('x'.repeat(cellChars)).join(',')}\n`);
}

/** The probe's CSV line with a NUL byte in its order id, after a header naming its columns. */
export const NUL_CSV = Buffer.from(
  'reference,order_id,amount,currency,status\nr-nul-1,o\u00001,1.00,THB,SUCCESS\n',
);

/** The column map `NUL_CSV` is read with (`saveReconColumnMap`'s fields, over the sandbox's). */
export const PLAIN_CSV_MAP = {
  delimiter: ',',
  referenceColumn: 'reference',
  orderIdColumn: 'order_id',
  amountColumn: 'amount',
  currencyColumn: 'currency',
  feeColumn: '',
  statusColumn: 'status',
  timeColumn: '',
  amountFormat: 'decimal',
  thousandsSeparator: '',
  decimalSeparator: '.',
  timeZone: 'UTC',
  timeFormat: 'ymd',
  successValues: 'SUCCESS',
  failedValues: 'FAILED',
  pendingValues: 'PENDING',
};

/**
 * A PNG of a few dozen bytes whose header declares `width` × `height` pixels (a picture that
 * takes gigabytes to show), its pixel data left out.
 */
export function pngDeclaring(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const type = Buffer.from('IHDR');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(13);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([type, ihdr])) >>> 0);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    length,
    type,
    ihdr,
    crc,
  ]);
}

/**
 * A JPEG of a few dozen bytes whose frame header (SOF0) declares `width` × `height` pixels, after
 * a JFIF segment, its scan left out.
 */
export function jpegDeclaring(width: number, height: number): Buffer {
  const app0 = Buffer.from([
    0xff,
    0xe0,
    0x00,
    0x10,
    ...Buffer.from('JFIF\0'),
    1,
    1,
    0,
    0,
    1,
    0,
    1,
    0,
    0,
  ]);
  const sof = Buffer.alloc(19);
  sof.set([0xff, 0xc0, 0x00, 0x11, 8]);
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  sof.set([3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1], 9);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.from([0xff, 0xd9])]);
}
