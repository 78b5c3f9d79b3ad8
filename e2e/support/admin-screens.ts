import type { Page, Request } from 'playwright-core';
import {
  cellKindOf,
  formatInTimeZone,
  TIMEZONE_CHOICES,
  type CallDef,
  type CellKind,
  type TimezoneChoice,
} from '@bo/contract';
import { callAs, type ApiSession } from './dashboard';
import { xlsxRows } from './lists';
import { downloadExport } from './browser';

/**
 * What the browser tests of the administrator screens (issue 13) need beyond the list kit's
 * helpers: every field a list call was sent, what a list screen shows of its URL state, every
 * row a filter matches (read through the list call itself), and an export read back as a table
 * with the cells each answer row should have become.
 */

/** The session fields every call carries: not part of what a list asks for. */
const SESSION_FIELDS = new Set(['accessToken', 'accessUsername']);

/** Every field of a multipart call the page sent, but the session's. */
export function formFieldsOf(request: Request): Record<string, string> {
  const body = request.postData() ?? '';
  const fields: Record<string, string> = {};
  for (const [, name, value] of body.matchAll(/name="([^"]+)"\r\n\r\n([^\r]*)\r\n/g))
    if (!SESSION_FIELDS.has(name!)) fields[name!] = value!;
  return fields;
}

/** A list call's fields without its page: what its export (and `everyRow`) asks for. */
export function withoutPage(fields: Readonly<Record<string, string>>): Record<string, string> {
  const { page: _page, pageSize: _size, ...rest } = fields;
  return rest;
}

/** The largest page a list call answers (`pageRequest`). */
const LARGEST_PAGE = 200;

/**
 * Every row `fields` match, read page after page through the list call itself with the page's
 * session, and the total the call counted.
 */
export async function everyRow<Row>(
  page: Page,
  session: ApiSession,
  call: string,
  fields: Readonly<Record<string, string>>,
): Promise<{ rows: Row[]; total: number }> {
  const rows: Row[] = [];
  for (let n = 1; ; n += 1) {
    const answer = await callAs<{ rows: Row[]; total: number; total_is_capped?: boolean }>(
      page,
      session,
      call,
      { ...fields, page: String(n), pageSize: String(LARGEST_PAGE) },
    );
    if (answer.total_is_capped) throw new Error(`${call}: the filter matches too many rows`);
    rows.push(...answer.rows);
    if (answer.rows.length < LARGEST_PAGE || rows.length >= answer.total)
      return { rows, total: answer.total };
  }
}

/**
 * What a list screen shows of its state: page, page size, time zone, status tab, sort, and the
 * value of each filter box (by its test id), to compare with the URL and across a reload.
 */
export function shownListState(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    const shown: Record<string, string> = {};
    const byId = (id: string) => document.querySelector(`[data-testid="${id}"]`);
    const valueOf = (el: Element | null) => (el as HTMLInputElement | null)?.value;
    const pageText = byId('list-page')?.textContent?.trim();
    if (pageText) shown.page = pageText;
    const pageSize = valueOf(byId('list-page-size'));
    if (pageSize) shown.pageSize = pageSize;
    const zone = valueOf(byId('list-time-zone'));
    if (zone) shown.timeZone = zone;
    const tab = document.querySelector('[data-testid^="list-status-tab-"][aria-current="page"]');
    if (tab) shown.status = tab.getAttribute('data-testid')!.slice('list-status-tab-'.length);
    const sorted = document.querySelector('[data-testid="list-table"] th[aria-sort]');
    if (sorted) {
      shown.sort = sorted.getAttribute('data-column') ?? '';
      shown.direction = sorted.getAttribute('aria-sort') === 'ascending' ? 'asc' : 'desc';
    }
    const boxes = document.querySelectorAll(
      [
        'input[data-testid^="list-filter-"]',
        'input[data-testid^="admin-log-filter-"]',
        '[data-testid="list-currency"]',
        '[data-testid="list-date-preset"]',
        '[data-testid="list-from"]',
        '[data-testid="list-to"]',
        '[data-testid="balance-at"]',
      ].join(', '),
    );
    for (const box of Array.from(boxes))
      shown[box.getAttribute('data-testid')!] = valueOf(box) ?? '';
    return shown;
  });
}

/** The box (in `shownListState`) that shows a URL key, when it is not shown under its own name. */
const BOX_OF: Readonly<Record<string, string>> = {
  currency: 'list-currency',
  from: 'list-from',
  to: 'list-to',
  search: 'list-filter-search',
  merchantDbCode: 'list-filter-merchantDbCode',
  resellerDbCode: 'list-filter-resellerDbCode',
  gatewayCode: 'list-filter-gatewayCode',
  amountMin: 'list-filter-amountMin',
  amountMax: 'list-filter-amountMax',
  actor: 'admin-log-filter-actor',
  action: 'admin-log-filter-action',
  targetType: 'admin-log-filter-targetType',
  targetId: 'admin-log-filter-targetId',
  clientIp: 'admin-log-filter-clientIp',
};

/**
 * The URL's list state as `shownListState` should read it: each key of `query` under the name
 * of the box showing it (`at` is shown in the browser's clock, so it is left to the caller).
 */
export function expectedShown(query: URLSearchParams): Record<string, string> {
  const expected: Record<string, string> = {};
  for (const [key, value] of query) if (key !== 'at') expected[BOX_OF[key] ?? key] = value;
  return expected;
}

/** An exported list read back: its heading lines, its column names and its rows of cells. */
export interface ExportedTable {
  /** What the export was made with: an XLSX's Filters sheet (a CSV has it in its name only). */
  readonly heading: Readonly<Record<string, string>>;
  readonly names: readonly string[];
  readonly rows: readonly (readonly string[])[];
}

/** The lines of an RFC 4180 file (quoted fields, doubled quotes, CRLF), each as its fields. */
export function parseCsv(text: string): string[][] {
  const lines: string[][] = [];
  let line: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char !== '"') field += char;
      else if (text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else quoted = false;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      line.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      line.push(field);
      lines.push(line);
      line = [];
      field = '';
      i += 1;
    } else field += char;
  }
  if (field !== '' || line.length > 0) lines.push([...line, field]);
  return lines;
}

/** The column names on the first line, then the rows: the table of both formats. */
function tableOf(
  lines: readonly (readonly string[])[],
  heading: readonly (readonly string[])[] = [],
): ExportedTable {
  return {
    heading: Object.fromEntries(heading.map(([label, value]) => [label, value])),
    names: lines[0] ?? [],
    rows: lines.slice(1),
  };
}

export type ExportFormat = 'csv' | 'xlsx';

/** Exports the list on screen in `format` through its export button; answers the file read back. */
export async function exportShown(
  page: Page,
  format: ExportFormat,
): Promise<{ fileName: string; table: ExportedTable }> {
  const { fileName, bytes } = await downloadExport(page, format);
  const table =
    format === 'csv'
      ? tableOf(parseCsv(bytes.toString('utf8').replace(/^\uFEFF/, '')))
      : tableOf(xlsxRows(bytes), xlsxRows(bytes, 'filters'));
  return { fileName, table };
}

/** A list call's export columns: its row's fields in the contract's order, each with its kind. */
export function exportColumnsOf(call: CallDef): { key: string; kind: CellKind }[] {
  const response = call.response as unknown as {
    shape: { rows: { element: { shape: Record<string, Parameters<typeof cellKindOf>[0]> } } };
  };
  return Object.entries(response.shape.rows.element.shape).map(([key, field]) => ({
    key,
    kind: cellKindOf(field),
  }));
}

/** The zone an export's heading names ("Default (UTC)" is the default zone). */
export function zoneOfHeading(heading: ExportedTable['heading']): TimezoneChoice {
  const named = (heading['Time zone'] ?? '').replace(/ \(UTC\)$/, '');
  const zone = TIMEZONE_CHOICES.find((choice) => choice === named);
  if (!zone) throw new Error(`the export names no known time zone: ${heading['Time zone']}`);
  return zone;
}

/** A CSV text cell that a spreadsheet would run as a formula gets a leading quote. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * The cells an answer row should become in an export: amounts as the answer's exact decimal
 * text, instants in the export's zone, objects as JSON, nothing as an empty cell; a CSV text
 * cell that would start a formula behind a quote.
 */
export function expectedCells(
  row: Readonly<Record<string, unknown>>,
  columns: readonly { key: string; kind: CellKind }[],
  timeZone: TimezoneChoice,
  format: ExportFormat,
): string[] {
  return columns.map(({ key, kind }) => {
    const value = row[key];
    if (value === null || value === undefined) return '';
    if (kind === 'instant') return formatInTimeZone(String(value), timeZone);
    const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
    return format === 'csv' && kind !== 'amount' && FORMULA_START.test(text) ? `'${text}` : text;
  });
}
