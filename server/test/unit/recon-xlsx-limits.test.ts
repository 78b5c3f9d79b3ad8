import { describe, expect, it } from 'vitest';
import { xlsxRows } from '../../src/modules/reconciliation/xlsx-rows';
import { wideRowsWorkbook } from '../support/hostile-files';

/**
 * The XLSX reader's limits (issue 39, docs/reconciliation.md "Limits of an untrusted file"),
 * each refused while the sheet is parsed, naming the limit: a text run the XML parser would hold
 * whole, too many cells in a row, a row of too much text.
 */
async function refusalOf(file: Buffer): Promise<string> {
  async function* chunks() {
    for (let at = 0; at < file.length; at += 64 * 1024) yield file.subarray(at, at + 64 * 1024);
  }
  try {
    for await (const row of xlsxRows(chunks())) void row;
  } catch (error) {
    return (error as Error).message;
  }
  return 'read';
}

describe('an XLSX sheet past a limit', () => {
  it('refuses a text the parser would hold whole past 256 K characters', async () => {
    expect(await refusalOf(wideRowsWorkbook(1, 1, 300_000))).toBe(
      'The file is not a readable XLSX workbook: the worksheet has a text or an attribute longer than 262144 characters',
    );
  });

  it('refuses a row of more than 512 cells', async () => {
    expect(await refusalOf(wideRowsWorkbook(1, 513, 1))).toBe('Line 1 has more than 512 cells');
  });

  it('refuses a row of more than 64 K characters, its cells each within theirs', async () => {
    expect(await refusalOf(wideRowsWorkbook(1, 20, 4000))).toBe(
      'Line 1 is longer than 65536 characters',
    );
  });

  it('reads a sheet within them', async () => {
    expect(await refusalOf(wideRowsWorkbook(3, 16, 4000))).toBe('read');
  });
});
