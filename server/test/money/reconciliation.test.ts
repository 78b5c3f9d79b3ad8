import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReconClass } from '@bo/contract';
import {
  SANDBOX_MAP_FIELDS,
  type PlantedDifference,
} from '../../src/connectors/sandbox/sandbox-statement';
import { sandboxStatementOf } from '../../src/modules/reconciliation/recon-sandbox';
import { encodeMultipart } from '../support/test-app';
import {
  ADMIN,
  MERCHANT,
  RESELLER,
  STAGING_TABLES,
  startMoneyApp,
  type MoneyApp,
} from './support/money-app';

/**
 * Gateway reconciliation, phase 1 (issue 28): statements read by a column map, streamed, and
 * matched set-based; each class comes from its planted difference and only from it, the totals
 * balance, a bad file is refused naming its line and column and leaves nothing, the same file
 * is never imported twice, and only admins with the administrator module reach any of it.
 */
let t: MoneyApp;
let gatewayId: string;
const period = {
  from: new Date(Date.now() - 3600_000).toISOString(),
  to: new Date(Date.now() + 3600_000).toISOString(),
};
/** Rates (percent) high enough for every difference to show among a few dozen transactions. */
const RATES = {
  missingRate: '8',
  extraRate: '8',
  amountRate: '8',
  statusRate: '8',
  feeRate: '8',
  duplicateRate: '8',
  lateRate: '8',
};
const asFractions = (rates: typeof RATES) => ({
  missing: Number(rates.missingRate) / 100,
  extra: Number(rates.extraRate) / 100,
  amount: Number(rates.amountRate) / 100,
  status: Number(rates.statusRate) / 100,
  fee: Number(rates.feeRate) / 100,
  duplicate: Number(rates.duplicateRate) / 100,
  late: Number(rates.lateRate) / 100,
});

/** The sandbox's statement of the test's period for `seed`: its text and what it planted. */
async function sandboxFile(seed: number): Promise<{ text: string; planted: PlantedDifference[] }> {
  const statement = sandboxStatementOf(
    t.db,
    { id: gatewayId },
    { from: new Date(period.from), to: new Date(period.to) },
    seed,
    asFractions(RATES),
  );
  let text = '';
  for await (const chunk of statement.text) text += chunk;
  return { text, planted: statement.planted };
}

type Line = {
  seq: number;
  line_no: number | null;
  class: ReconClass;
  currency: string;
  reference: string;
  our_id: string | null;
  our_currency: string | null;
  outside_period: boolean;
};
type Summary = {
  run: { id: string; line_count: number; matched_count: number; difference_count: number };
  currencies: {
    currency: string;
    statement_count: number;
    statement_amount: string;
    classes: { class: ReconClass; count: number; statement_amount: string }[];
    balances: boolean;
  }[];
};

async function linesOf(runId: string): Promise<Line[]> {
  const r = await t.as<{ rows: Line[]; status_counts: Record<string, number> }>(
    ADMIN,
    'getReconLineList',
    { runId, pageSize: '200' },
  );
  expect(r.status, r.message).toBe(200);
  return r.data.rows;
}

/** Sends an upload call: the session's fields, then `fields`, then the file (multipart). */
async function upload(
  email: string,
  call: string,
  fields: Record<string, string>,
  file: string | Buffer,
  headers: Record<string, string> = {},
) {
  const session = await t.signIn(email);
  const form = new FormData();
  for (const [k, v] of Object.entries({ ...session, ...fields })) form.append(k, v);
  form.append('file', new Blob([file]), 'statement.csv');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const response = await t.app.inject({
    method: 'POST',
    url: `/controller/admin/${call}`,
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')!, ...headers },
  });
  return {
    httpStatus: response.statusCode,
    ...(response.json() as { status: number; message: string; data: never }),
  };
}

/** Rows of the reconciliation tables (a refused file must leave them as they were). */
async function reconRows(): Promise<number[]> {
  return Promise.all(
    ['recon_runs', 'recon_lines', 'recon_run_totals', STAGING_TABLES].map((n) => t.count(n)),
  );
}

beforeAll(async () => {
  t = await startMoneyApp();
  // Pay-ins the sandbox settles (.03) and fails (.01), on the demo's THB gateways.
  for (let i = 0; i < 40; i++) {
    const r = await t.api('POST', '/api/v1/payins', {
      amount: `${100 + i}.${i % 4 === 0 ? '01' : '03'}`,
      currency: 'THB',
      order_id: `recon-${i}`,
    });
    expect(r.status).toBe(201);
  }
  await t.sandbox.idle();
  const { rows } = await t.db.query<{ gateway_id: string }>(
    'SELECT gateway_id FROM payins GROUP BY gateway_id ORDER BY count(*) DESC LIMIT 1',
  );
  gatewayId = rows[0]!.gateway_id;
});
afterAll(async () => {
  await t.expectCleanLedger();
  await t.close();
});

/** The class each planted difference must give the transaction of ours it touched. */
const CLASS_OF: Record<PlantedDifference['kind'], ReconClass> = {
  missing: 'missing_at_gateway',
  extra: 'missing_here',
  amount: 'amount_mismatch',
  status: 'status_mismatch',
  fee: 'fee_mismatch',
  duplicate: 'duplicate_at_gateway',
  late: 'matched',
};

describe("the sandbox's statement", () => {
  let seed = 0;
  let planted: PlantedDifference[] = [];
  let summary: Summary;

  it('plants every difference and lands each in its one class, and only there', async () => {
    // The first seed that plants every kind of difference among these transactions.
    for (seed = 1; seed < 200; seed++) {
      planted = (await sandboxFile(seed)).planted;
      if (new Set(planted.map((p) => p.kind)).size === 7) break;
    }
    expect(new Set(planted.map((p) => p.kind)).size).toBe(7);
    const r = await t.as<Summary>(ADMIN, 'importSandboxStatement', {
      ...period,
      ...RATES,
      gatewayId,
      seed: String(seed),
    });
    expect(r.status, r.message).toBe(200);
    summary = r.data;
    const lines = await linesOf(summary.run.id);

    const byOurs = new Map(planted.filter((p) => p.ourId).map((p) => [p.ourId!, p]));
    // Ours the gateway saw: those it gave a reference (the statement can show no other).
    const { rows: ours } = await t.db.query<{ id: string }>(
      "SELECT id FROM payins WHERE gateway_id = $1 AND gateway_reference <> ''",
      [gatewayId],
    );

    // Each transaction of ours: one row of its class (a duplicate: a matched line and a repeat).
    for (const { id } of ours) {
      const mine = lines.filter((l) => l.our_id === id);
      const plant = byOurs.get(id);
      const classes = mine.map((l) => l.class).sort();
      if (!plant) expect(classes, id).toEqual(['matched']);
      else if (plant.kind === 'duplicate')
        expect(classes, id).toEqual(['duplicate_at_gateway', 'matched']);
      else expect(classes, `${id} ${plant.kind}`).toEqual([CLASS_OF[plant.kind]]);
      if (plant?.kind === 'late') expect(mine[0]!.outside_period).toBe(true);
      else if (plant?.kind !== 'missing') expect(mine.every((l) => !l.outside_period)).toBe(true);
    }
    // The lines of no transaction of ours: exactly the extra ones.
    const strangers = lines.filter((l) => l.our_id === null);
    expect(strangers.map((l) => l.class)).toEqual(strangers.map(() => 'missing_here'));
    expect(strangers.map((l) => l.reference).sort()).toEqual(
      planted
        .filter((p) => p.kind === 'extra')
        .map((p) => p.reference)
        .sort(),
    );
    // Each class holds as many rows as its difference was planted (matched: the rest).
    const counts = Object.fromEntries(
      summary.currencies[0]!.classes.map((c) => [c.class, c.count]),
    );
    const planted_ = (kind: PlantedDifference['kind']) =>
      planted.filter((p) => p.kind === kind).length;
    for (const kind of ['missing', 'extra', 'amount', 'status', 'fee', 'duplicate'] as const)
      expect(counts[CLASS_OF[kind]], kind).toBe(planted_(kind));
    const touched = planted.filter((p) => p.kind !== 'extra' && p.kind !== 'late').length;
    expect(counts.matched).toBe(ours.length - touched + planted_('duplicate'));
  });

  it('balances: the statement total is the matched lines plus the differences', async () => {
    const thb = summary.currencies.find((c) => c.currency === 'THB')!;
    expect(thb.balances).toBe(true);
    const { text } = await sandboxFile(seed);
    const lines = text.trim().split('\n').slice(1);
    expect(summary.run.line_count).toBe(lines.length);
    expect(thb.statement_count).toBe(lines.length);
    // The file's own total, read here independently of the server: 1.234,56 → 1234.56.
    const cents = lines.reduce(
      (sum, line) => sum + BigInt(line.split(';')[3]!.replace(/\./g, '').replace(',', '')),
      0n,
    );
    expect(thb.statement_amount).toBe((Number(cents) / 100).toFixed(2));
    const ofLines = thb.classes
      .filter((c) => c.class !== 'missing_at_gateway')
      .reduce((sum, c) => sum + BigInt(c.statement_amount.replace('.', '')), 0n);
    expect(ofLines).toBe(cents);
    expect(summary.run.matched_count + summary.run.difference_count).toBe(
      thb.classes.reduce((n, c) => n + c.count, 0),
    );
  });

  it('refuses the same statement twice, naming the earlier run', async () => {
    const before = await reconRows();
    const again = await t.as(ADMIN, 'importSandboxStatement', {
      ...period,
      ...RATES,
      gatewayId,
      seed: String(seed),
    });
    expect(again.status).toBe(409);
    expect(again.message).toContain(summary.run.id);
    expect(await reconRows()).toEqual(before);
  });

  it('lists the run, its summary and its lines by class', async () => {
    const runs = await t.as<{ rows: { id: string }[]; total: number }>(ADMIN, 'getReconRunList');
    expect(runs.status, runs.message).toBe(200);
    expect(runs.data.rows.map((r) => r.id)).toContain(summary.run.id);
    const one = await t.as<Summary>(ADMIN, 'getReconRun', { id: summary.run.id });
    expect(one.data).toEqual(summary);
    const fees = await t.as<{ rows: Line[]; total: number; status_counts: Record<string, number> }>(
      ADMIN,
      'getReconLineList',
      { runId: summary.run.id, class: 'fee_mismatch' },
    );
    expect(fees.data.rows.every((l) => l.class === 'fee_mismatch')).toBe(true);
    expect(fees.data.total).toBe(fees.data.status_counts.fee_mismatch);
    expect(fees.data.status_counts.matched).toBe(summary.run.matched_count);
    // The tabs' counts (from the run's totals) are its lines of each class; a search's, its own.
    type Page = { rows: Line[]; total: number; status_counts: Record<string, number> };
    const every = await t.as<Page>(ADMIN, 'getReconLineList', {
      runId: summary.run.id,
      pageSize: '200',
    });
    const classCounts = (rows: Line[]) =>
      rows.reduce<Record<string, number>>(
        (n, l) => ({ ...n, [l.class]: (n[l.class] ?? 0) + 1 }),
        {},
      );
    const counted = classCounts(every.data.rows);
    expect(every.data.total).toBe(every.data.rows.length);
    for (const [c, n] of Object.entries(every.data.status_counts))
      expect(n, c).toBe(counted[c] ?? 0);
    const found = await t.as<Page>(ADMIN, 'getReconLineList', {
      runId: summary.run.id,
      search: fees.data.rows[0]!.reference,
    });
    const foundCounts = classCounts(found.data.rows);
    for (const [c, n] of Object.entries(found.data.status_counts))
      expect(n, c).toBe(foundCounts[c] ?? 0);
    const feeTotals = await t.as<{ totals: { count: number; amount: string }[] }>(
      ADMIN,
      'getListTotals',
      { call: 'getReconLineList', runId: summary.run.id, class: 'fee_mismatch' },
    );
    expect(feeTotals.status, feeTotals.message).toBe(200);
    const feeClass = summary.currencies[0]!.classes.find((c) => c.class === 'fee_mismatch')!;
    expect(feeTotals.data.totals[0]).toMatchObject({
      count: feeClass.count,
      amount: feeClass.statement_amount,
    });
    const searched = await t.as<{ totals: { count: number }[] }>(ADMIN, 'getListTotals', {
      call: 'getReconLineList',
      runId: summary.run.id,
      search: fees.data.rows[0]!.reference,
    });
    expect(searched.data.totals[0]!.count).toBeGreaterThanOrEqual(1);
    // The export writes every line of the run (the list kit's exportList).
    const session = await t.signIn(ADMIN);
    const { body, contentType } = await encodeMultipart({
      ...session,
      call: 'getReconLineList',
      format: 'csv',
      runId: summary.run.id,
    });
    const file = await t.app.inject({
      method: 'POST',
      url: '/controller/admin/exportList',
      payload: body,
      headers: { 'content-type': contentType },
    });
    expect(file.statusCode, file.body.slice(0, 200)).toBe(200);
    // The header is the first line, after the byte-order mark (issue 40).
    const rows = file.body
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter((l) => l !== '');
    const heading = rows.findIndex((l) => l.startsWith('"seq"') || l.startsWith('seq,'));
    expect(heading).toBe(0);
    const all = summary.currencies.flatMap((c) => c.classes).reduce((n, c) => n + c.count, 0);
    expect(rows.length - heading - 1).toBe(all);
  });
});

describe('an uploaded statement', () => {
  let text = '';

  beforeAll(async () => {
    text = (await sandboxFile(9001)).text;
  });

  it('needs a column map, then imports the file read by it, and only once', async () => {
    const before = await upload(ADMIN, 'importReconStatement', { ...period, gatewayId }, text);
    expect(before.status).toBe(400);
    expect(before.message).toMatch(/no column map/);
    const saved = await t.as(ADMIN, 'saveReconColumnMap', { gatewayId, ...SANDBOX_MAP_FIELDS });
    expect(saved.status, saved.message).toBe(200);
    const preview = await upload(ADMIN, 'previewReconStatement', { lines: '3' }, text);
    expect(preview.status, preview.message).toBe(200);
    expect(preview.data).toMatchObject({ delimiter: ';', header: expect.arrayContaining(['Amt']) });
    expect((preview.data as { rows: unknown[] }).rows).toHaveLength(3);

    const r = await upload(ADMIN, 'importReconStatement', { ...period, gatewayId }, text);
    expect(r.status, r.message).toBe(200);
    const run = (r.data as Summary).run;
    expect(run.line_count).toBe(text.trim().split('\n').length - 1);
    expect((r.data as Summary).currencies[0]!.balances).toBe(true);
    const rows = await reconRows();
    const again = await upload(ADMIN, 'importReconStatement', { ...period, gatewayId }, text);
    expect(again.status).toBe(409);
    expect(again.message).toContain(run.id);
    expect(await reconRows()).toEqual(rows);
  });

  /** The file with its `n`th line (1: the header) changed by `change`. */
  const withLine = (n: number, change: (line: string) => string) =>
    text
      .split('\n')
      .map((line, i) => (i === n - 1 ? change(line) : line))
      .join('\n');

  const cases: [string, () => string | Buffer, RegExp][] = [
    [
      'a text amount',
      () =>
        withLine(4, (l) =>
          l.replace(/;THB;/, ';THB;').replace(/^([^;]*;[^;]*;[^;]*;)[^;]*/, '$1ten baht'),
        ),
      /^Line 4, column Amt: "ten baht" is not a decimal/,
    ],
    [
      'a missing column',
      () => withLine(1, (l) => l.replace('Charge', 'Fee')),
      /^Line 1: the column "Charge" is missing/,
    ],
    ['an empty file', () => '', /^The file is empty/],
    [
      'a wrong delimiter',
      () => text.replace(/;/g, ','),
      /^Line 1: the column "TxnRef" is missing.*seems to use ","/,
    ],
    [
      'bad encoding',
      () => {
        // Line 3 with a Latin-1 "é" (0xe9), as a spreadsheet saving in Windows-1252 writes it.
        const [head, tail] = withLine(3, (l) => `${l}@@`).split('@@');
        return Buffer.concat([Buffer.from(head!), Buffer.from([0xe9]), Buffer.from(tail!)]);
      },
      /^Line 3: the file is not UTF-8/,
    ],
    [
      'a short line',
      () => withLine(5, (l) => l.split(';').slice(0, 3).join(';')),
      /^Line 5: the file is not readable CSV/,
    ],
    [
      'an unknown status',
      () => withLine(2, (l) => l.replace(/SETTLED|DECLINED/, 'LOST')),
      /^Line 2, column State: the status "LOST"/,
    ],
    [
      'a bad time',
      () => withLine(3, (l) => l.replace(/\d\d\/\d\d\/\d{4}/, '31/02/2026')),
      /^Line 3, column ProcessedAt\(UTC\+7\)/,
    ],
  ];
  for (const [name, file, message] of cases)
    it(`refuses ${name}, naming the line and column, and keeps nothing`, async () => {
      const before = await reconRows();
      const r = await upload(ADMIN, 'importReconStatement', { ...period, gatewayId }, file());
      expect(r.status).toBe(400);
      expect(r.message).toMatch(message);
      expect(await reconRows()).toEqual(before);
    });

  it('refuses a multipart body cut short (400) and a period that ends before it starts', async () => {
    const session = await t.signIn(ADMIN);
    const form = new FormData();
    for (const [k, v] of Object.entries({ ...session, ...period, gatewayId })) form.append(k, v);
    form.append('file', new Blob([text]), 'statement.csv');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const whole = Buffer.from(await request.arrayBuffer());
    const before = await reconRows();
    const cut = await t.app.inject({
      method: 'POST',
      url: '/controller/admin/importReconStatement',
      payload: whole.subarray(0, whole.length - 200),
      headers: { 'content-type': request.headers.get('content-type')! },
    });
    expect(cut.statusCode).toBe(400);
    const backwards = await upload(
      ADMIN,
      'importReconStatement',
      { gatewayId, from: period.to, to: period.from },
      text,
    );
    expect(backwards.status).toBe(400);
    expect(backwards.message).toMatch(/to must not be before from/);
    expect(await reconRows()).toEqual(before);
  });

  it('refuses a body that claims 2 GB before reading it', async () => {
    const r = await upload(ADMIN, 'importReconStatement', { ...period, gatewayId }, text, {
      'content-length': String(2 * 1024 ** 3),
    });
    expect(r.httpStatus).toBe(413);
  });

  it("keeps ours' currency, and refuses to write off a line whose currency is not ours", async () => {
    const { rows } = await t.db.query<{ gateway_reference: string; order_id: string }>(
      "SELECT gateway_reference, order_id FROM payins WHERE gateway_id = $1 AND status = 'success' LIMIT 1",
      [gatewayId],
    );
    const ours = rows[0]!;
    // Our THB pay-in, shown by the gateway in MYR.
    const file = `${text.split('\n')[0]}\n${ours.gateway_reference};PAYIN;${ours.order_id};100,00;MYR;;SETTLED;\n`;
    const r = await upload(ADMIN, 'importReconStatement', { ...period, gatewayId }, file);
    expect(r.status, r.message).toBe(200);
    const runId = (r.data as Summary).run.id;
    const line = (await linesOf(runId)).find((l) => l.line_no === 2)!;
    expect(line).toMatchObject({
      class: 'amount_mismatch',
      currency: 'MYR',
      our_id: expect.any(String),
      our_currency: 'THB',
    });
    const resolutions = await t.count('recon_resolutions');
    const asked = await t.as<{ results: { ok: boolean; message?: string }[] }>(
      ADMIN,
      'writeOffReconLines',
      { runId, seqs: String(line.seq), reason: 'Currency differs' },
    );
    expect(asked.status, asked.message).toBe(200);
    expect(asked.data.results[0]).toMatchObject({
      ok: false,
      message: expect.stringMatching(/currency \(MYR\) is not ours \(THB\)/),
    });
    expect(await t.count('recon_resolutions')).toBe(resolutions);
  });
});

describe('which of ours a line names', () => {
  // Issue 46: ours beyond the period are looked up by index, only for what the period's rows
  // do not answer; a line still finds them by its reference, else by its order id.
  it('finds ours outside the period by reference, else by order id', async () => {
    const { rows } = await t.db.query<{
      id: string;
      gateway_reference: string;
      order_id: string;
      created_at: Date;
    }>(
      `SELECT id, gateway_reference, order_id, created_at FROM payins
        WHERE gateway_id = $1 AND gateway_reference <> '' ORDER BY created_at, id`,
      [gatewayId],
    );
    expect(rows.length).toBeGreaterThan(6);
    const [byReference, byOrder, byOrderAfterAStranger] = rows;
    const inPeriod = rows.at(-1)!;
    // The period starts after the first three: they are outside it.
    const from = new Date(rows[3]!.created_at.getTime()).toISOString();
    const head = 'TxnRef;Type;MerchantOrder;Amt;Ccy;Charge;State;ProcessedAt(UTC+7)';
    const file = [
      head,
      `${byReference!.gateway_reference};PAYIN;;100,00;THB;;SETTLED;`,
      `;PAYIN;${byOrder!.order_id};100,00;THB;;SETTLED;`,
      `NO-SUCH-REF-1;PAYIN;${byOrderAfterAStranger!.order_id};100,00;THB;;SETTLED;`,
      `${inPeriod.gateway_reference};PAYIN;${byOrder!.order_id};100,00;THB;;SETTLED;`,
      `NO-SUCH-REF-2;PAYIN;no-such-order;100,00;THB;;SETTLED;`,
    ].join('\n');
    const map = await t.as(ADMIN, 'saveReconColumnMap', { gatewayId, ...SANDBOX_MAP_FIELDS });
    expect(map.status, map.message).toBe(200);
    const r = await upload(ADMIN, 'importReconStatement', { from, to: period.to, gatewayId }, file);
    expect(r.status, r.message).toBe(200);
    const lines = await linesOf((r.data as Summary).run.id);
    const ourIdOf = (lineNo: number) => lines.find((l) => l.line_no === lineNo)?.our_id;
    expect(ourIdOf(2)).toBe(byReference!.id);
    expect(ourIdOf(3)).toBe(byOrder!.id);
    expect(ourIdOf(4)).toBe(byOrderAfterAStranger!.id);
    // A reference the period answers wins over the line's order id.
    expect(ourIdOf(5)).toBe(inPeriod.id);
    expect(ourIdOf(6)).toBeNull();
    expect(lines.find((l) => l.line_no === 6)!.class).toBe('missing_here');
    // Ours outside the period that no line names are not missing at the gateway.
    const missing = lines.filter((l) => l.class === 'missing_at_gateway').map((l) => l.our_id);
    expect(missing).not.toContain(rows[0]!.id);
    expect(missing).toContain(rows[4]!.id);
  });
});

describe('who may reconcile', () => {
  it('refuses merchants and resellers every call (403)', async () => {
    for (const email of [MERCHANT, RESELLER]) {
      expect((await t.as(email, 'getReconRunList')).status).toBe(403);
      expect((await t.as(email, 'getReconColumnMap', { gatewayId })).status).toBe(403);
      const sandbox = await t.as(email, 'importSandboxStatement', { ...period, gatewayId });
      expect(sandbox.status).toBe(403);
      const r = await upload(email, 'importReconStatement', { ...period, gatewayId }, 'a;b\n');
      expect(r.status).toBe(403);
    }
  });
});
