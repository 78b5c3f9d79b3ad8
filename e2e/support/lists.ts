import { inflateRawSync } from 'node:zlib';
import type { Locator, Page, Request, Response } from 'playwright-core';
import { waitForCss } from './wait-for-css';
import { isCall } from './dashboard';

/** Elements by `data-testid`, in the page or inside one element. */
export const byTestId = (scope: Page | Locator, testId: string) =>
  scope.locator(`[data-testid="${testId}"]`);

/**
 * The rows a list table shows once its answer is in: not skeleton rows, not a refresh; on a
 * phone, its rows as cards (a list of them, in a box busy while a newer page comes).
 */
const SETTLED_ROWS = [
  '[data-testid="list-table"] tbody:not([aria-busy]) > tr:not([data-testid="list-skeleton-row"])',
  ':not([aria-busy]) > ul[data-testid="list-table"] > li',
].join(', ');

/**
 * Waits until the list table shows an answer: its rows, its empty message or its error (the
 * skeleton gone, no newer page on its way).
 */
export async function listSettled(page: Page): Promise<void> {
  await waitForCss(page, SETTLED_ROWS, 'visible');
}

/**
 * Runs `act` and returns the answer of the list call it caused, once the table shows it; with
 * `sent`, the answer to the first request it accepts (an answer to an earlier request may still
 * be on its way when `act` runs).
 */
export async function listAnswerAfter<T>(
  page: Page,
  call: string,
  act: () => Promise<unknown>,
  sent: (request: Request) => boolean = () => true,
): Promise<{ response: Response; data: T }> {
  // Bounded by the test's own timeout, not Playwright's 30 s: a lane's files share one
  // embedded server, which on a loaded CI machine has answered a list later than that.
  const answered = page.waitForResponse((r) => isCall(r.request(), call) && sent(r.request()), {
    timeout: 0,
  });
  await act();
  const response = await answered;
  const body = (await response.json()) as { status: number; message: string; data: T };
  if (body.status !== 200) throw new Error(`${call}: ${body.status} ${body.message}`);
  await listSettled(page);
  return { response, data: body.data };
}

/** The list row of the item `id` (its id button carries the whole id as its title). */
export const rowOf = (page: Page, id: string) =>
  page.locator(`[data-testid="list-row"]:has([data-testid="open-detail"][title="${id}"])`);

/** The ids of the rows on screen, in order. */
export const shownIds = (page: Page) =>
  page
    .locator('[data-testid="list-row"] [data-testid="open-detail"]')
    .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('title') ?? ''));

/** The text of one column's cells on screen, in row order (the column by its header's id). */
export async function columnTexts(page: Page, column: string): Promise<string[]> {
  return page.locator('[data-testid="list-table"]').evaluate((table, id) => {
    const headers = Array.from(table.querySelectorAll('thead th'));
    const index = headers.findIndex((th) => th.getAttribute('data-column') === id);
    if (index < 0) throw new Error(`no column ${id}`);
    return Array.from(table.querySelectorAll('tbody tr[data-testid="list-row"]'), (tr) =>
      ((tr.children[index] as HTMLElement | undefined)?.innerText ?? '').trim(),
    );
  }, column);
}

/**
 * One file of a zip archive (an XLSX), read through its central directory: the writer streams,
 * so the local headers carry no sizes. Stored and deflated entries only (all an XLSX uses).
 */
export function readZipEntry(zip: Buffer, name: string): Buffer {
  let end = zip.length - 22;
  while (end >= 0 && zip.readUInt32LE(end) !== 0x06054b50) end -= 1;
  if (end < 0) throw new Error('not a zip file');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  for (let i = 0; i < count; i += 1) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('bad zip central directory');
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    if (zip.toString('utf8', at + 46, at + 46 + nameLength) === name) {
      const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
      const data = zip.subarray(start, start + size);
      if (method === 0) return data;
      if (method === 8) return inflateRawSync(data);
      throw new Error(`zip method ${method} not read here`);
    }
    at += 46 + nameLength + extraLength + commentLength;
  }
  throw new Error(`${name} is not in the zip file`);
}

/** The rows of an XLSX worksheet (the table, or the Filters sheet) as the text of their cells. */
export function xlsxRows(file: Buffer, sheet: 'table' | 'filters' = 'table'): string[][] {
  const part = sheet === 'table' ? 'sheet1' : 'sheet2';
  const xml = readZipEntry(file, `xl/worksheets/${part}.xml`).toString('utf8');
  const data = /<sheetData>(.*)<\/sheetData>/s.exec(xml)?.[1] ?? '';
  const unescape = (s: string) =>
    s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  return [...data.matchAll(/<row\/>|<row>(.*?)<\/row>/gs)].map((row) =>
    [
      ...(row[1] ?? '').matchAll(
        /<c[^>]*?(?:\/>|>(?:<is><t[^>]*>(.*?)<\/t><\/is>|<v>(.*?)<\/v>)<\/c>)/gs,
      ),
    ].map((cell) => unescape(cell[1] ?? cell[2] ?? '')),
  );
}
