import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  emptyRowsBomb,
  NUL_CSV,
  PLAIN_CSV_MAP,
  wideCsv,
  wideRowsWorkbook,
} from '../support/hostile-files';
import {
  HEALTH_WITHIN_MS,
  listenOnPort,
  measuredUpload,
  REFUSED_WITHIN_MS,
  type MeasuredUpload,
} from '../support/upload-probe';
import { ADMIN, STAGING_TABLES, startMoneyApp, type MoneyApp } from './support/money-app';

/**
 * Issue 39, untrusted statement files: each of the security probe's files, built here, is
 * refused (400 naming the limit) without holding the server: the refusal comes within
 * `REFUSED_WITHIN_MS`, `/healthz` answers meanwhile within `HEALTH_WITHIN_MS`, and the server's
 * memory stays where it was (within 50 MB), nothing stored; a preview's answer stays small
 * whatever the cells hold.
 */
let t: MoneyApp;
let base: string;
let gatewayId: string;
let session: { accessToken: string; accessUsername: string };
const period = {
  from: new Date(Date.now() - 3600_000).toISOString(),
  to: new Date(Date.now() + 3600_000).toISOString(),
};
const MB = 1024 * 1024;

beforeAll(async () => {
  t = await startMoneyApp();
  const { rows } = await t.db.query<{ id: string }>(
    'SELECT id FROM payment_gateways ORDER BY id LIMIT 1',
  );
  gatewayId = rows[0]!.id;
  const saved = await t.as(ADMIN, 'saveReconColumnMap', { gatewayId, ...PLAIN_CSV_MAP });
  expect(saved.status, saved.message).toBe(200);
  session = await t.signIn(ADMIN);
  base = await listenOnPort(t.app);
});
afterAll(async () => {
  await t.close();
});

const reconRows = () =>
  Promise.all(['recon_runs', 'recon_lines', STAGING_TABLES].map((n) => t.count(n)));

const upload = (call: 'importReconStatement' | 'previewReconStatement', file: Buffer) =>
  measuredUpload(
    base,
    call,
    call === 'importReconStatement' ? { ...session, ...period, gatewayId } : { ...session },
    file,
    'statement.xlsx',
  );

/** The probe's bounds: a quick 400 naming `limit`, the server answering meanwhile, memory back. */
function expectBoundedRefusal(r: MeasuredUpload, limit: RegExp) {
  expect(r.body.status, r.body.message).toBe(400);
  expect(r.body.message).toMatch(limit);
  expect(r.ms).toBeLessThan(REFUSED_WITHIN_MS);
  expect(r.healthMs.length).toBeGreaterThan(0);
  expect(Math.max(...r.healthMs)).toBeLessThan(HEALTH_WITHIN_MS);
  expect(r.memoryGrowth).toBeLessThan(50 * MB);
}

/**
 * The bounds are times on a shared machine: a run whose process the operating system left
 * waiting (CI's other lane, Chromium and PostgreSQL share its two cores) may see one /healthz
 * past 200 ms with the event loop free. A stall is not a hiccup: the old code's upload held the
 * loop 40 s, and does on every try; so a test is tried up to three times before it fails.
 */
const SHARED_MACHINE = { retry: 2 };

describe('a statement file built to exhaust the server', SHARED_MACHINE, () => {
  const bombs = [
    ['100 MB of empty rows in a 150 KB XLSX', 100],
    ['200 MB of empty rows in a 300 KB XLSX', 200],
  ] as const;
  for (const [name, inflatedMb] of bombs)
    for (const call of ['importReconStatement', 'previewReconStatement'] as const)
      it(`${call}: ${name} is refused at the row limit, the server answering meanwhile`, async () => {
        const file = emptyRowsBomb(inflatedMb);
        const before = await reconRows();
        const r = await upload(call, file);
        expectBoundedRefusal(r, /The sheet has more than 100000 empty rows/);
        expect(await reconRows()).toEqual(before);
      });

  for (const call of ['importReconStatement', 'previewReconStatement'] as const) {
    it(`${call}: a row of 9,000 cells of 60 KB (XLSX, 540 MB as text) is refused at its first cell`, async () => {
      const r = await upload(call, wideRowsWorkbook(1, 9000, 60_000));
      expectBoundedRefusal(r, /A cell is longer than 4096 characters \(line 1, column A\)/);
    });

    it(`${call}: the same row as CSV (its first 12 cells, the probe's 739 KB) is refused`, async () => {
      const r = await upload(call, wideCsv(12, 60_000));
      expectBoundedRefusal(r, /Line 2 is longer than 65536 characters/);
    });
  }

  it('previewReconStatement: a 165 KB XLSX of 84 MB of cells is refused at its first cell', async () => {
    const file = wideRowsWorkbook(7, 200, 60_000);
    expect(file.length).toBeLessThan(200 * 1024);
    const r = await upload('previewReconStatement', file);
    expectBoundedRefusal(r, /A cell is longer than 4096 characters/);
  });

  it('previewReconStatement: a file within the limits is shown cut: a small answer', async () => {
    // 51 rows of 500 cells of 130 characters: 3.3 MB of text, all of it within the limits.
    const file = wideRowsWorkbook(51, 500, 130);
    const r = await upload('previewReconStatement', file);
    expect(r.body.status, r.body.message).toBe(200);
    expect(r.answerBytes).toBeLessThan(256 * 1024);
    const data = r.body.data as { header: string[]; rows: { cells: string[] }[] };
    expect(data.header).toHaveLength(64);
    expect(data.header[0]).toBe(`${'x'.repeat(119)}…`);
    expect(data.rows.length).toBeGreaterThan(0);
    expect(Math.max(...r.healthMs)).toBeLessThan(HEALTH_WITHIN_MS);
  });
});

describe('a NUL byte in a statement cell', () => {
  it('importReconStatement: is refused naming its line and column, nothing kept', async () => {
    const before = await reconRows();
    const r = await upload('importReconStatement', NUL_CSV);
    expect(r.body.status, r.body.message).toBe(400);
    expect(r.body.message).toBe(
      'Line 2, column 2: the cell holds a NUL character (byte 0x00), which a statement may not hold',
    );
    expect(await reconRows()).toEqual(before);
  });

  it('previewReconStatement: is refused as well', async () => {
    const r = await upload('previewReconStatement', NUL_CSV);
    expect(r.body.status, r.body.message).toBe(400);
    expect(r.body.message).toContain('Line 2, column 2: the cell holds a NUL character');
  });
});
