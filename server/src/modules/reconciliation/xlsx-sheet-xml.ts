/**
 * The XML parts of an XLSX workbook read as their inflated bytes arrive (saxes), within the
 * upload limits (`http/upload-limits.ts`): no text or attribute runs past `XML_MAX_RUN_CHARS`
 * unparsed, the shared strings hold at most `XLSX_MAX_SHARED_CHARS`, and the worksheet's rows,
 * cells and text are counted as they are parsed, each limit refused the moment it is passed.
 */
import { SaxesParser } from 'saxes';
import { AppError, badInput } from '../../core/app-error';
import {
  STATEMENT_MAX_CELL_CHARS,
  STATEMENT_MAX_CELLS,
  STATEMENT_MAX_EMPTY_ROWS,
  STATEMENT_MAX_ROW_CHARS,
  STATEMENT_MAX_ROWS,
  XLSX_MAX_SHARED_CHARS,
  XML_MAX_RUN_CHARS,
} from '../../http/upload-limits';
import {
  cellTooLong,
  columnLetters,
  rowTooLong,
  tooManyCells,
  tooManyRows,
} from './statement-limits';

/** One worksheet row: its cells by column (gaps ''), and which hold numbers. */
export interface SheetRow {
  /** The row's number in the sheet (1 = the first). */
  readonly rowNo: number;
  readonly cells: string[];
  /** True where the cell holds a number (its text in plain decimal notation, '.' before decimals). */
  readonly numeric: boolean[];
}

export const notXlsx = (why: string) =>
  badInput(`The file is not a readable XLSX workbook: ${why}`);

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

export const local = (name: string) => name.slice(name.indexOf(':') + 1);

/**
 * An XML part parsed as its (inflated) bytes arrive. saxes holds a text or an attribute whole
 * until the markup after it: the characters since a tag last started are counted after each
 * write, and a run past `XML_MAX_RUN_CHARS` is refused before it grows further.
 */
export function xmlPart(onTag: (parser: SaxesParser) => void, part: string) {
  const parser = new SaxesParser();
  const decoder = new TextDecoder('utf-8', { fatal: true });
  // Characters fed, and where the last tag started (the parser's position while it parses).
  let fed = 0;
  let tagAt = 0;
  parser.on('opentagstart', () => {
    tagAt = parser.position;
  });
  onTag(parser);
  const write = (bytes: Uint8Array, final: boolean) => {
    try {
      const text = decoder.decode(bytes, { stream: !final });
      fed += text.length;
      parser.write(text);
      if (fed - tagAt > XML_MAX_RUN_CHARS)
        throw notXlsx(
          `${part} has a text or an attribute longer than ${XML_MAX_RUN_CHARS} characters`,
        );
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
export function sharedStringsParser(strings: string[]) {
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
        if (total > XLSX_MAX_SHARED_CHARS)
          throw badInput(
            `The XLSX file's shared strings hold more than ${XLSX_MAX_SHARED_CHARS} characters`,
          );
        strings.push(text);
        text = null;
      }
    });
  }, 'xl/sharedStrings.xml');
}

/**
 * The worksheet's parser: each `<row>` that holds text handed to `onRow` as it closes (an empty
 * one left out, as CSV's empty lines are, but counted against `STATEMENT_MAX_ROWS` and
 * `STATEMENT_MAX_EMPTY_ROWS`). Each cell
 * is checked as it closes, each row as it grows: a limit passed is refused there.
 */
export function sheetParser(strings: () => readonly string[], onRow: (row: SheetRow) => void) {
  return xmlPart((p) => {
    let rows = 0;
    let emptyRows = 0;
    let rowNo = 0;
    let rowChars = 0;
    let hasText = false;
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
          if (++rows > STATEMENT_MAX_ROWS) throw tooManyRows();
          rowNo = Number.isInteger(r) && r > rowNo ? r : rowNo + 1;
          rowChars = 0;
          hasText = false;
          cells = [];
          numeric = [];
          col = -1;
          break;
        }
        case 'c': {
          const at = attrs.r ? columnIndex(attrs.r) : -1;
          col = at >= 0 ? at : col + 1;
          if (col >= STATEMENT_MAX_CELLS) throw tooManyCells(rowNo);
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
      if (
        (value?.length ?? 0) > STATEMENT_MAX_CELL_CHARS ||
        (inline?.length ?? 0) > STATEMENT_MAX_CELL_CHARS
      )
        throw cellTooLong(rowNo, columnLetters(col));
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
          if (text.length > STATEMENT_MAX_CELL_CHARS) throw cellTooLong(rowNo, columnLetters(col));
          rowChars += text.length;
          if (rowChars > STATEMENT_MAX_ROW_CHARS) throw rowTooLong(rowNo);
          if (text.trim() !== '') hasText = true;
          for (let i = cells.length; i < col; i++) {
            cells.push('');
            numeric.push(false);
          }
          cells[col] = text;
          numeric[col] = isNumber;
          break;
        }
        case 'row':
          if (hasText) onRow({ rowNo, cells, numeric });
          else if (++emptyRows > STATEMENT_MAX_EMPTY_ROWS)
            throw badInput(`The sheet has more than ${STATEMENT_MAX_EMPTY_ROWS} empty rows`);
          break;
      }
    });
  }, 'the worksheet');
}
