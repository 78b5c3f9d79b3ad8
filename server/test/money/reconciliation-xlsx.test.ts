import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { sandboxStatementOf } from '../../src/modules/reconciliation/recon-sandbox';
import { ADMIN, STAGING_TABLES, startMoneyApp, type MoneyApp } from './support/money-app';
import { SANDBOX_MAP_FIELDS } from '../../src/connectors/sandbox/sandbox-statement';

/**
 * XLSX statements (issue 28): a workbook's first sheet is read as the CSV of the same rows is
 * (shared and inline strings, numbers, a date as a spreadsheet's day number, empty cells), its
 * shared strings before or after the sheet in the zip; a bad workbook is refused naming why, or
 * the line and column, and keeps nothing.
 */
let t: MoneyApp;
let gatewayId: string;
const period = {
  from: new Date(Date.now() - 3600_000).toISOString(),
  to: new Date(Date.now() + 3600_000).toISOString(),
};
const RATES = {
  missing: 0.08,
  extra: 0.08,
  amount: 0.08,
  status: 0.08,
  fee: 0.08,
  duplicate: 0.08,
  late: 0.08,
};

async function upload(call: string, fields: Record<string, string>, file: string | Uint8Array) {
  const session = await t.signIn(ADMIN);
  const form = new FormData();
  for (const [k, v] of Object.entries({ ...session, ...fields })) form.append(k, v);
  // The name says CSV: the format is told by the bytes.
  form.append('file', new Blob([file]), 'statement.csv');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const response = await t.app.inject({
    method: 'POST',
    url: `/controller/admin/${call}`,
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  });
  return response.json() as { status: number; message: string; data: never };
}

const reconRows = () =>
  Promise.all(['recon_runs', 'recon_lines', STAGING_TABLES].map((n) => t.count(n)));

/** One sheet cell: shared string, inline string, number, or nothing (left out of the row). */
type Cell = { s: string } | { inline: string } | { n: string } | null;

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const letters = (i: number): string =>
  (i >= 26 ? letters(Math.floor(i / 26) - 1) : '') + String.fromCharCode(65 + (i % 26));

/** A workbook of one sheet of `rows`; `stringsLast` puts the shared strings after the sheet. */
function workbook(rows: Cell[][], options: { stringsLast?: boolean; noSheet?: boolean } = {}) {
  const strings: string[] = [];
  const indexOf = new Map<string, number>();
  const sheetRows = rows.map((cells, r) => {
    const xml = cells.map((cell, c) => {
      const ref = `${letters(c)}${r + 1}`;
      if (cell === null) return '';
      if ('n' in cell) return `<c r="${ref}"><v>${cell.n}</v></c>`;
      if ('inline' in cell)
        return `<c r="${ref}" t="inlineStr"><is><t>${escapeXml(cell.inline)}</t></is></c>`;
      if (!indexOf.has(cell.s)) indexOf.set(cell.s, strings.push(cell.s) - 1);
      return `<c r="${ref}" t="s"><v>${indexOf.get(cell.s)}</v></c>`;
    });
    return `<row r="${r + 1}">${xml.join('')}</row>`;
  });
  const ns = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const sheet = strToU8(
    `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${ns}"><sheetData>${sheetRows.join('')}</sheetData></worksheet>`,
  );
  const shared = strToU8(
    `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${ns}" count="${strings.length}">${strings
      .map((s) => `<si><t>${escapeXml(s)}</t></si>`)
      .join('')}</sst>`,
  );
  const files: Zippable = {
    '[Content_Types].xml': strToU8('<?xml version="1.0"?><Types/>'),
    'xl/workbook.xml': strToU8(
      `<?xml version="1.0"?><workbook xmlns="${ns}" xmlns:r="${rel}"><sheets><sheet name="Statement" sheetId="1" r:id="rId7"/></sheets></workbook>`,
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId7" Type="${rel}/worksheet" Target="worksheets/statement.xml"/><Relationship Id="rId8" Type="${rel}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    ),
  };
  if (!options.stringsLast) files['xl/sharedStrings.xml'] = shared;
  if (!options.noSheet) files['xl/worksheets/statement.xml'] = sheet;
  if (options.stringsLast) files['xl/sharedStrings.xml'] = shared;
  files['xl/styles.xml'] = strToU8('<?xml version="1.0"?><styleSheet/>');
  return zipSync(files);
}

/** Excel's day number of a wall time written DD/MM/YYYY HH:MM:SS. */
function serialOf(dmy: string): string {
  const m = /^(\d\d)\/(\d\d)\/(\d{4}) (\d\d):(\d\d):(\d\d)$/.exec(dmy)!;
  const ms = Date.UTC(+m[3]!, +m[2]! - 1, +m[1]!, +m[4]!, +m[5]!, +m[6]!);
  return String(ms / 86_400_000 + 25_569);
}

/** 1.234,56 → 1234.56 (a spreadsheet's number). */
const numberOf = (amount: string) => amount.replace(/\./g, '').replace(',', '.');

/**
 * The sandbox statement's rows as a sheet: reference and currency shared strings, order id and
 * status inline, amount, fee and time numbers (the time a day number), an empty fee left out.
 */
function sheetOf(csv: string): Cell[][] {
  const [header, ...lines] = csv.trim().split('\n');
  return [
    header!.split(';').map((s) => ({ s })),
    ...lines.map((line) => {
      const [ref, type, order, amt, ccy, fee, state, time] = line.split(';');
      return [
        { s: ref! },
        { s: type! },
        order ? { inline: order } : null,
        { n: numberOf(amt!) },
        { s: ccy! },
        fee ? { n: numberOf(fee) } : null,
        { inline: state! },
        time ? { n: serialOf(time) } : null,
      ];
    }),
  ];
}

type Line = Record<string, unknown> & { seq: number };
async function linesOf(runId: string): Promise<Line[]> {
  const r = await t.as<{ rows: Line[] }>(ADMIN, 'getReconLineList', { runId, pageSize: '200' });
  expect(r.status, r.message).toBe(200);
  return r.data.rows
    .map(({ run_id: _run, id: _id, ...line }) => line as Line)
    .sort((a, b) => a.seq - b.seq);
}

let csv = '';
beforeAll(async () => {
  t = await startMoneyApp();
  for (let i = 0; i < 24; i++) {
    const r = await t.api('POST', '/api/v1/payins', {
      amount: `${1000 + i * 37}.${i % 4 === 0 ? '01' : '03'}`,
      currency: 'THB',
      order_id: `xlsx-${i}`,
    });
    expect(r.status).toBe(201);
  }
  await t.sandbox.idle();
  const { rows } = await t.db.query<{ gateway_id: string }>(
    'SELECT gateway_id FROM payins GROUP BY gateway_id ORDER BY count(*) DESC LIMIT 1',
  );
  gatewayId = rows[0]!.gateway_id;
  const statement = sandboxStatementOf(
    t.db,
    { id: gatewayId },
    { from: new Date(period.from), to: new Date(period.to) },
    77,
    RATES,
  );
  for await (const chunk of statement.text) csv += chunk;
  const saved = await t.as(ADMIN, 'saveReconColumnMap', { gatewayId, ...SANDBOX_MAP_FIELDS });
  expect(saved.status, saved.message).toBe(200);
});
afterAll(async () => {
  await t.expectCleanLedger();
  await t.close();
});

describe('an XLSX statement', () => {
  it('imports as the CSV of the same rows does, its shared strings before or after the sheet', async () => {
    const fromCsv = await upload('importReconStatement', { ...period, gatewayId }, csv);
    expect(fromCsv.status, fromCsv.message).toBe(200);
    const csvRun = (fromCsv.data as { run: { id: string; line_count: number } }).run;
    const expected = await linesOf(csvRun.id);
    expect(expected.length).toBeGreaterThanOrEqual(csvRun.line_count);

    for (const stringsLast of [false, true]) {
      const file = workbook(sheetOf(csv), { stringsLast });
      const r = await upload('importReconStatement', { ...period, gatewayId }, file);
      expect(r.status, r.message).toBe(200);
      const run = (r.data as { run: { id: string; line_count: number } }).run;
      expect(run.line_count).toBe(csvRun.line_count);
      expect(await linesOf(run.id)).toEqual(expected);
    }
  });

  it('previews the first rows of the sheet', async () => {
    const r = await upload(
      'previewReconStatement',
      { lines: '2' },
      workbook(sheetOf(csv), { stringsLast: true }),
    );
    expect(r.status, r.message).toBe(200);
    const data = r.data as { header: string[]; rows: { line_no: number; cells: string[] }[] };
    expect(data.header).toEqual(csv.split('\n')[0]!.split(';'));
    expect(data.rows.map((row) => row.line_no)).toEqual([2, 3]);
  });

  const lines = () => sheetOf(csv);
  const cases: [string, () => Uint8Array, RegExp][] = [
    [
      'a zip that is no workbook',
      () =>
        new Uint8Array([
          0x50,
          0x4b,
          0x03,
          0x04,
          ...strToU8('this is not a zip at all, only its first bytes'),
        ]),
      /^The file is not a readable XLSX workbook/,
    ],
    [
      'a workbook without a sheet',
      () => workbook(lines(), { noSheet: true }),
      /^The file is not a readable XLSX workbook: it has no worksheet/,
    ],
    [
      'a text amount',
      () => {
        const rows = lines();
        rows[3]![3] = { inline: 'ten baht' };
        return workbook(rows);
      },
      /^Line 4, column Amt: "ten baht" is not a decimal/,
    ],
    [
      'a number amount with too many decimals',
      () => {
        const rows = lines();
        rows[2]![3] = { n: '12.345' };
        return workbook(rows, { stringsLast: true });
      },
      /^Line 3, column Amt: "12.345" is not a number with at most 2 decimals/,
    ],
    [
      'a day number before 2000',
      () => {
        const rows = lines();
        rows[4]![7] = { n: '3000.5' };
        return workbook(rows);
      },
      /^Line 5, column ProcessedAt\(UTC\+7\): 3000.5 is not a date/,
    ],
    [
      'an empty status cell',
      () => {
        const rows = lines();
        rows[1]![6] = null;
        return workbook(rows);
      },
      /^Line 2, column State: the status ""/,
    ],
    [
      'a workbook cut short',
      () => {
        const file = workbook(lines(), { stringsLast: true });
        return file.subarray(0, Math.floor(file.length / 2));
      },
      /^The file is not a readable XLSX workbook/,
    ],
  ];
  for (const [name, file, message] of cases)
    it(`refuses ${name} and keeps nothing`, async () => {
      const before = await reconRows();
      const r = await upload('importReconStatement', { ...period, gatewayId }, file());
      expect(r.status, r.message).toBe(400);
      expect(r.message).toMatch(message);
      expect(await reconRows()).toEqual(before);
    });
});
