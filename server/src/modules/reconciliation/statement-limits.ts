/**
 * The checks of a statement's rows against the upload limits (`http/upload-limits.ts`), the same
 * for CSV and XLSX, for the import and the preview: each refusal a 400 naming the limit and
 * where the file passes it.
 */
import { badInput } from '../../core/app-error';
import {
  STATEMENT_MAX_CELL_CHARS,
  STATEMENT_MAX_CELLS,
  STATEMENT_MAX_ROW_CHARS,
  STATEMENT_MAX_ROWS,
} from '../../http/upload-limits';

/** How a file names its columns: an XLSX sheet by letters, a CSV file by number from 1. */
export type ColumnLabel = (index: number) => string;

/** 0 → 'A', 26 → 'AA': a sheet's column letters. */
export const columnLetters: ColumnLabel = (i) =>
  (i >= 26 ? columnLetters(Math.floor(i / 26) - 1) : '') + String.fromCharCode(65 + (i % 26));

/** 0 → '1': a CSV file's column number. */
export const columnNumber: ColumnLabel = (i) => String(i + 1);

/** A sheet with more rows than a statement may have (its empty rows counted). */
export const tooManyRows = () =>
  badInput(`The sheet has more than ${STATEMENT_MAX_ROWS} rows (empty rows included)`);

/** A CSV file with more lines than a statement may have (its empty lines counted). */
export const tooManyLines = () =>
  badInput(`The file has more than ${STATEMENT_MAX_ROWS} lines (empty lines included)`);

export const tooManyCells = (lineNo: number) =>
  badInput(`Line ${lineNo} has more than ${STATEMENT_MAX_CELLS} cells`);

export const cellTooLong = (lineNo: number, column: string) =>
  badInput(
    `A cell is longer than ${STATEMENT_MAX_CELL_CHARS} characters (line ${lineNo}, column ${column})`,
  );

export const rowTooLong = (lineNo: number) =>
  badInput(`Line ${lineNo} is longer than ${STATEMENT_MAX_ROW_CHARS} characters`);

/**
 * Checks one row's cells: not more of them than a row may have, none longer than a cell may be,
 * not more text together than a row may hold, and no NUL character (PostgreSQL stores no 0x00
 * in text: a file holding one is refused here, never by the database).
 */
export function checkRowCells(cells: readonly string[], lineNo: number, label: ColumnLabel): void {
  if (cells.length > STATEMENT_MAX_CELLS) throw tooManyCells(lineNo);
  let total = 0;
  for (let i = 0; i < cells.length; i++) {
    const cell = cells[i]!;
    if (cell.length > STATEMENT_MAX_CELL_CHARS) throw cellTooLong(lineNo, label(i));
    if (cell.includes('\u0000'))
      throw badInput(
        `Line ${lineNo}, column ${label(i)}: the cell holds a NUL character (byte 0x00), which a statement may not hold`,
      );
    total += cell.length;
  }
  if (total > STATEMENT_MAX_ROW_CHARS) throw rowTooLong(lineNo);
}
