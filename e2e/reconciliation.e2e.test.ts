import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type {
  CallRequest,
  CallResponse,
  getReconLineList,
  importSandboxStatement,
  ReconLineRow,
} from '@bo/contract';
import { findingLines, runAxe } from './support/accessibility';
import { PHONE } from './support/audited-page';
import { launchBrowser, screenshot } from './support/browser';
import { callAs, closeTwoFactorReminder, whileInArabic } from './support/dashboard';
import { byTestId, listAnswerAfter, listSettled } from './support/lists';
import { openList, signedAs, type Signed } from './support/money';
import { preloaderGone } from './support/wait-for-css';

/**
 * Gateway reconciliation on the shared demo server (issue 28): the admin has the sandbox write
 * its statement of yesterday for a gateway (planted differences at a few percent), rebuilds
 * that statement as a CSV file in the sandbox's own format (';', amounts as 1.234,56, times
 * day first in UTC+7, SETTLED/DECLINED/PENDING), uploads it on /reconciliation, maps its
 * columns once from the preview, and sees the same classes as the sandbox's own run; a second
 * statement of the gateway then imports without mapping. Both screens pass axe in English, the
 * run's page in Arabic; screenshots in both and at 390 px. Then the admin resolves one line of
 * each kind from the run's page (the gateway queried, a write-off a second admin approves, a
 * line explained) and sees the progress move on the run, the runs list and the dashboard; the
 * fee report opens from /reconciliation. Last, a write-off waits in the checkers' queue
 * (/reconciliation?view=write-offs): its maker's own approval is refused on screen, a second
 * admin rejects it and it leaves the queue (English and Arabic, axe).
 */
const baseUrl = inject('baseUrl');
type LinePage = CallResponse<typeof getReconLineList>;

let browser: Browser;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
});

const TYPES = { payin: 'SALE', payout: 'PAYOUT', refund: 'REFUND', dispute: 'CHARGEBACK' };
const WORDS = { success: 'SETTLED', failed: 'DECLINED', pending: 'PENDING' };

/** "1234.56" as the sandbox writes it: "1.234,56". */
function sandboxAmount(amount: string): string {
  const negative = amount.startsWith('-');
  const [whole = '', frac] = amount.replace('-', '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${negative ? '-' : ''}${grouped}${frac === undefined ? '' : `,${frac}`}`;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** An instant day first in UTC+7, as the sandbox writes times. */
function sandboxTime(iso: string): string {
  const t = new Date(new Date(iso).getTime() + 7 * 3600_000);
  return `${pad(t.getUTCDate())}/${pad(t.getUTCMonth() + 1)}/${t.getUTCFullYear()} ${pad(
    t.getUTCHours(),
  )}:${pad(t.getUTCMinutes())}:${pad(t.getUTCSeconds())}`;
}

const HEADER = ['TxnRef', 'MerchantOrder', 'Amt', 'Ccy', 'Charge', 'State', 'ProcessedAt(UTC+7)'];

/**
 * The statement's lines in the sandbox's format (its `Type` column last, so the file is not
 * byte for byte the one the sandbox imported itself).
 */
const statementOf = (lines: readonly ReconLineRow[]) =>
  `${[...HEADER, 'Type'].join(';')}\n${lines
    .map((l) =>
      [
        l.reference,
        l.order_id,
        sandboxAmount(l.amount!),
        l.currency,
        sandboxAmount(l.fee!),
        WORDS[l.status!],
        sandboxTime(l.occurred_at!),
        TYPES[l.our_kind ?? 'payin'],
      ].join(';'),
    )
    .join('\n')}\n`;

/** Every row of a run (statement lines in file order, then ours missing at the gateway). */
async function runLines({ page, session }: Signed, runId: string) {
  const rows: ReconLineRow[] = [];
  for (let p = 1; ; p += 1) {
    const answer = await callAs<LinePage & { status_counts: Record<string, number> }>(
      page,
      session,
      'getReconLineList',
      { runId, page: String(p), pageSize: '200' },
    );
    rows.push(...answer.rows);
    if (rows.length >= answer.total || answer.rows.length === 0)
      return { rows, counts: answer.status_counts };
  }
}

/** Opens the import dialog, chooses the gateway, the day and the file, and waits for the preview. */
async function startImport(page: Page, gatewayId: string, day: string, name: string, csv: string) {
  await openList(page, '/reconciliation');
  await byTestId(page, 'recon-import-open').click();
  const dialog = byTestId(page, 'recon-import-dialog');
  // A fresh form says nothing is missing: that waits until it is sent.
  expect(await dialog.locator('.invalid-feedback').count()).toBe(0);
  await byTestId(dialog, 'recon-gateway').selectOption(gatewayId);
  await byTestId(dialog, 'recon-from').fill(day);
  await byTestId(dialog, 'recon-to').fill(day);
  await byTestId(dialog, 'recon-file-input').setInputFiles({
    name,
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await byTestId(dialog, 'recon-preview').waitFor();
  return dialog;
}

/** Waits for a run's page (the 2FA reminder, if it pops up, closed) and its lines. */
async function runShown(page: Page) {
  await byTestId(page, 'recon-run-summary').waitFor();
  await closeTwoFactorReminder(page);
  await listSettled(page);
}

/** A full-page screenshot once the loading overlay has gone. */
async function shotSettled(page: Page, name: string) {
  await preloaderGone(page);
  await screenshot(page, name, true);
}

/** The day before today (UTC), the period the sandbox's statements cover here. */
const yesterday = () => new Date(Date.now() - 24 * 3600_000).toISOString().slice(0, 10);

/** The first THB gateway, by code. */
async function thbGateway({ page, session }: Signed) {
  const gateways = await callAs<{ rows: { id: string; payment_gateway_code: string }[] }>(
    page,
    session,
    'getGatewayAdminList',
    { currency: 'THB', pageSize: '5', sort: 'payment_gateway_code' },
  );
  return gateways.rows[0]!;
}

/** The sandbox's own run of the gateway's `day`, planted at the rates given (percent). */
/** The sandbox's rates of planted differences (percent), every one of the call's. */
type SandboxRates = Record<
  Extract<keyof CallRequest<typeof importSandboxStatement>, `${string}Rate`>,
  string
>;
/** No planted difference: the call's defaults (docs/reconciliation.md) switched off. */
const NO_PLANTED_DIFFERENCES: SandboxRates = {
  missingRate: '0',
  extraRate: '0',
  amountRate: '0',
  statusRate: '0',
  feeRate: '0',
  duplicateRate: '0',
  lateRate: '0',
};

/** The sandbox's statement of `day`, imported: the rates named, every other one off. */
async function sandboxRunOf(
  { page, session }: Signed,
  gatewayId: string,
  day: string,
  seed: string,
  rates: Partial<SandboxRates>,
) {
  const answer = await callAs<{ run: { id: string } }>(page, session, 'importSandboxStatement', {
    gatewayId,
    from: `${day}T00:00:00.000Z`,
    to: `${day}T23:59:59.999Z`,
    seed,
    ...NO_PLANTED_DIFFERENCES,
    ...rates,
  });
  return answer.run.id;
}

const runIdOf = (page: Page) => /\/reconciliation\/([^/?#]+)/.exec(page.url())?.[1] ?? '';

describe('reconciliation', () => {
  it('imports the sandbox statement, maps its columns once, shows the classes; a second statement needs no mapping', async () => {
    const admin = await signedAs(browser, baseUrl, 'admin@demo.test', contexts, {
      audited: true,
    });
    const { page } = admin;
    const gateway = await thbGateway(admin);
    const day = yesterday();

    // The sandbox's own run of that day, its differences planted at 4 % each.
    const sandboxRunId = await sandboxRunOf(admin, gateway.id, day, '28', {
      missingRate: '4',
      extraRate: '4',
      amountRate: '4',
      statusRate: '4',
      feeRate: '4',
      duplicateRate: '4',
      lateRate: '4',
    });
    const sandbox = await runLines(admin, sandboxRunId);
    const statementLines = sandbox.rows
      .filter((r) => r.line_no !== null)
      .sort((a, b) => a.line_no! - b.line_no!);
    expect(statementLines.length).toBeGreaterThan(20);
    for (const k of ['matched', 'amount_mismatch', 'missing_here', 'duplicate_at_gateway'])
      expect(sandbox.counts[k], k).toBeGreaterThan(0);
    const csv = statementOf(statementLines);

    // First upload: no column map yet, so it is built from the preview.
    const dialog = await startImport(page, gateway.id, day, `statement-${day}.csv`, csv);
    await byTestId(dialog, 'recon-map-needed').waitFor();
    const pick = (testId: string, value: string) => byTestId(dialog, testId).selectOption(value);
    await pick('recon-map-reference', 'TxnRef');
    await pick('recon-map-amount', 'Amt');
    await pick('recon-map-status', 'State');
    await pick('recon-map-orderId', 'MerchantOrder');
    await pick('recon-map-currency', 'Ccy');
    await pick('recon-map-fee', 'Charge');
    await pick('recon-map-time', 'ProcessedAt(UTC+7)');
    await pick('recon-map-delimiter', ';');
    await pick('recon-map-amount-format', 'decimal');
    await pick('recon-map-thousands', '.');
    await pick('recon-map-decimal', ',');
    await byTestId(dialog, 'recon-map-time-zone').fill('+07:00');
    await pick('recon-map-time-format', 'dmy');
    // Another period keeps the map being built (only another gateway drops it).
    await byTestId(dialog, 'recon-from').fill(day.replace(/\d\d$/, '01'));
    await byTestId(dialog, 'recon-from').fill(day);
    expect(await byTestId(dialog, 'recon-map-reference').inputValue()).toBe('TxnRef');
    // Words the preview's first lines may not show are added by hand.
    for (const word of Object.values(WORDS)) {
      if ((await byTestId(dialog, `recon-map-word-${word}`).count()) === 0) {
        await byTestId(dialog, 'recon-map-new-word').fill(word);
        await byTestId(dialog, 'recon-map-add-word').click();
      }
    }
    await pick('recon-map-word-SETTLED', 'success');
    await pick('recon-map-word-DECLINED', 'failed');
    await pick('recon-map-word-PENDING', 'pending');
    await screenshot(page, 'recon-import-map-en');
    expect(findingLines('import dialog with the column map', await runAxe(page))).toEqual([]);
    await byTestId(dialog, 'recon-import-send').click();
    await page.waitForURL(/\/reconciliation\/[^/]+$/);
    await runShown(page);

    // The classes are the sandbox's own run's, class by class; the summary balances.
    const firstId = runIdOf(page);
    const first = await runLines(admin, firstId);
    expect(first.counts).toEqual(sandbox.counts);
    const summary = await callAs<{ currencies: unknown[] }>(page, admin.session, 'getReconRun', {
      id: firstId,
    });
    const balances = await byTestId(page, 'recon-balance').all();
    expect(balances.length).toBe(summary.currencies.length);
    expect(balances.length).toBeGreaterThan(0);
    for (const balance of balances)
      expect(await balance.getAttribute('data-balances')).toBe('true');
    const tab = byTestId(page, 'list-status-tab-amount_mismatch');
    expect(await byTestId(tab, 'list-status-count').innerText()).toBe(
      String(sandbox.counts.amount_mismatch),
    );
    await listAnswerAfter(page, 'getReconLineList', () => tab.click());
    const classes = await byTestId(page, 'recon-line-class').evaluateAll((cells) =>
      cells.map((c) => c.getAttribute('data-class')),
    );
    expect(new Set(classes)).toEqual(new Set(['amount_mismatch']));
    // All classes again (the page read before, answered from the cache).
    await byTestId(page, 'list-status-tab-all').click();
    await page.locator('[data-testid="recon-line-class"][data-class="matched"]').first().waitFor();
    await shotSettled(page, 'recon-run-en');
    expect(findingLines('run page', await runAxe(page))).toEqual([]);

    // The runs list shows both runs (newest first), each link naming its gateway and period;
    // it passes axe.
    await openList(page, '/reconciliation');
    const runLinks = await byTestId(page, 'recon-run-open').evaluateAll((links) =>
      links.map((a) => ({ href: a.getAttribute('href'), label: a.getAttribute('aria-label') })),
    );
    expect(runLinks.slice(0, 2).map((l) => l.href)).toEqual([
      `/reconciliation/${firstId}`,
      `/reconciliation/${sandboxRunId}`,
    ]);
    expect(runLinks[0]!.label).toContain(gateway.payment_gateway_code);
    expect(runLinks[0]!.label).toContain(day);
    await shotSettled(page, 'recon-runs-en');
    expect(findingLines('runs list', await runAxe(page))).toEqual([]);

    // A second statement of the same gateway: the saved map reads it, no mapping asked.
    const second = statementOf(statementLines.slice(1));
    const again = await startImport(page, gateway.id, day, `statement-${day}-b.csv`, second);
    await byTestId(again, 'recon-map-saved').waitFor();
    expect(await byTestId(again, 'recon-map-form').count()).toBe(0);
    await byTestId(again, 'recon-import-send').click();
    await page.waitForURL(
      (url) => /\/reconciliation\/[^/]+$/.test(url.pathname) && !url.pathname.endsWith(firstId),
    );
    await runShown(page);
    const secondId = runIdOf(page);
    const secondRun = await runLines(admin, secondId);
    expect(secondRun.rows.filter((r) => r.line_no !== null).length).toBe(statementLines.length - 1);

    // The sandbox's own statement, from the button: its run opens.
    await openList(page, '/reconciliation');
    await byTestId(page, 'recon-sandbox-open').click();
    const sandboxDialog = byTestId(page, 'recon-sandbox-dialog');
    await byTestId(sandboxDialog, 'recon-gateway').selectOption(gateway.id);
    await byTestId(sandboxDialog, 'recon-from').fill(day);
    await byTestId(sandboxDialog, 'recon-to').fill(day);
    await byTestId(sandboxDialog, 'recon-sandbox-seed').fill('29');
    await byTestId(sandboxDialog, 'recon-sandbox-send').click();
    await page.waitForURL(
      (url) => /\/reconciliation\/[^/]+$/.test(url.pathname) && !url.pathname.endsWith(secondId),
    );
    await runShown(page);
    expect(await byTestId(page, 'recon-balance').first().getAttribute('data-balances')).toBe(
      'true',
    );

    // At a phone's width.
    await page.setViewportSize(PHONE);
    await page.reload();
    await runShown(page);
    await shotSettled(page, 'recon-run-390');
    await openList(page, '/reconciliation');
    await shotSettled(page, 'recon-runs-390');
    await page.setViewportSize({ width: 1280, height: 800 });

    // The run's page in Arabic: right to left, and it passes axe.
    await whileInArabic(page, 'admin@demo.test', admin.session, async () => {
      await page.goto(`/reconciliation/${firstId}`);
      await runShown(page);
      expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
      await shotSettled(page, 'recon-run-ar');
      expect(findingLines('run page in Arabic', await runAxe(page))).toEqual([]);
    });
  });

  it('resolves a line of each kind (query, write-off approved by a second admin, explain); the progress moves', async () => {
    const admin = await signedAs(browser, baseUrl, 'admin@demo.test', contexts, {
      audited: true,
    });
    const { page } = admin;
    // Another seed, so another file: status and amount mismatches and lines we don't have.
    const runId = await sandboxRunOf(admin, (await thbGateway(admin)).id, yesterday(), '31', {
      extraRate: '10',
      amountRate: '10',
      statusRate: '30',
      feeRate: '10',
    });
    const { rows } = await runLines(admin, runId);
    const toQuery = rows.find(
      (r) => r.class === 'status_mismatch' && r.our_kind === 'payin' && r.our_status === 'failed',
    )!;
    const toWriteOff = rows.find(
      (r) => r.class === 'amount_mismatch' && r.status === 'success' && r.our_status === 'success',
    )!;
    const toExplain = rows.find((r) => r.class === 'missing_here')!;
    for (const line of [toQuery, toWriteOff, toExplain]) expect(line).toBeDefined();

    const dashboardResolved = async (p: Page) => {
      await p.goto('/');
      await closeTwoFactorReminder(p);
      const progress = byTestId(p, 'recon-dashboard-progress');
      await progress.waitFor();
      // The words load with the dashboard (its screen namespaces), never the key.
      expect(await progress.innerText()).toMatch(/^Differences resolved: /);
      return Number(await progress.getAttribute('data-resolved'));
    };
    const resolvedOnDashboard = await dashboardResolved(page);

    /** The run's page showing one line (its class tab, searched by reference), chosen. */
    const chooseLine = async (p: Page, line: ReconLineRow) => {
      const query = new URLSearchParams({ class: line.class, search: line.reference });
      await openList(p, `/reconciliation/${runId}?${query}`);
      await byTestId(p, 'recon-run-summary').waitFor();
      await byTestId(p, 'recon-line-select').first().check();
      await byTestId(p, 'recon-resolve-bar').waitFor();
    };
    const progressOf = async (p: Page) =>
      Number(await byTestId(p, 'recon-progress').first().getAttribute('data-resolved'));
    /** Resolves the chosen line(s) one way and answers the results shown. */
    const resolve = async (
      action: 'query' | 'writeOff' | 'explain',
      reason: string,
      shot?: string,
    ) => {
      await byTestId(page, `recon-resolve-${action}`).click();
      const dialog = byTestId(page, 'recon-resolve-dialog');
      await dialog.waitFor();
      await byTestId(dialog, 'recon-resolve-reason').fill(reason);
      if (shot) {
        await screenshot(page, shot);
        expect(findingLines(`${action} dialog`, await runAxe(page))).toEqual([]);
      }
      await byTestId(dialog, 'recon-resolve-confirm').click();
      const results = byTestId(page, 'recon-resolve-results');
      await results.waitFor();
      const result = byTestId(results, 'recon-resolve-result');
      const answer = {
        ok: await result.getAttribute('data-ok'),
        resolution: await result.getAttribute('data-resolution'),
        status: await result.getAttribute('data-status'),
        text: await result.innerText(),
      };
      await results.locator('.modal-footer .btn-primary').click();
      await results.waitFor({ state: 'detached' });
      return answer;
    };

    // Query the gateway: it holds the failed pay-in as failed too, so it agrees; resolved.
    await chooseLine(page, toQuery);
    const before = await progressOf(page);
    await shotSettled(page, 'recon-resolve-bar-en');
    const queried = await resolve('query', 'Asked the gateway (e2e)');
    expect(queried, queried.text).toMatchObject({ ok: 'true', status: 'done' });
    expect(['gateway_agrees', 'gateway_accepted']).toContain(queried.resolution);
    await page
      .locator(`[data-testid="recon-progress"][data-resolved="${before + 1}"]`)
      .first()
      .waitFor();

    // Write off: the effect (the difference per currency) before it is asked; it then waits.
    await chooseLine(page, toWriteOff);
    await byTestId(page, 'recon-resolve-writeOff').click();
    const effect = byTestId(byTestId(page, 'recon-resolve-dialog'), 'recon-write-off-amount');
    expect(await effect.innerText()).toContain('THB');
    // Cancel keeps the line chosen.
    await byTestId(page, 'recon-resolve-dialog').locator('.modal-footer .btn-light').click();
    await byTestId(page, 'recon-resolve-dialog').waitFor({ state: 'detached' });
    const wrote = await resolve('writeOff', 'Gateway rounding (e2e)', 'recon-write-off-en');
    expect(wrote, wrote.text).toMatchObject({
      ok: 'true',
      resolution: 'write_off',
      status: 'pending',
    });
    await page
      .locator(
        '[data-testid="recon-line-resolution"][data-resolution="write_off"][data-status="pending"]',
      )
      .waitFor();
    // Waiting is not resolved: the progress stays.
    expect(await progressOf(page)).toBe(before + 1);

    // Explain a line we don't have.
    await chooseLine(page, toExplain);
    const explained = await resolve('explain', 'A test transaction of the gateway (e2e)');
    expect(explained, explained.text).toMatchObject({
      ok: 'true',
      resolution: 'explained',
      status: 'done',
    });
    await page
      .locator(`[data-testid="recon-progress"][data-resolved="${before + 2}"]`)
      .first()
      .waitFor();

    // A second admin approves the write-off from the run's page (never its requester).
    const checker = await signedAs(browser, baseUrl, 'admin2@demo.test', contexts);
    await chooseLine(checker.page, toWriteOff);
    await byTestId(checker.page, 'recon-decide-approve').click();
    const decision = byTestId(checker.page, 'decision-dialog');
    await decision.waitFor();
    expect(await byTestId(decision, 'decision-totals').innerText()).toContain('THB');
    await byTestId(decision, 'decision-reason').fill('Checked the statement (e2e)');
    await byTestId(decision, 'decision-confirm').click();
    await decision.waitFor({ state: 'detached' });
    const outcomes = byTestId(checker.page, 'decision-results');
    if (await outcomes.count()) {
      expect(await byTestId(outcomes, 'decision-outcome').getAttribute('data-ok')).toBe('true');
      await outcomes.locator('.modal-footer .btn-primary').click();
    }
    const approvals = await callAs<{ rows: ReconLineRow[] }>(
      checker.page,
      checker.session,
      'getReconLineList',
      { runId, class: toWriteOff.class, search: toWriteOff.reference },
    );
    // Two approvals besides the requester by default: admin2's is the first; a currency whose
    // threshold asks one only is done with it.
    expect(approvals.rows[0]!.resolution).toBe('write_off');

    // The runs list and the dashboard show the progress moved.
    await openList(page, '/reconciliation');
    const runRow = page.locator(
      `[data-testid="list-row"]:has([data-testid="recon-run-open"][href="/reconciliation/${runId}"])`,
    );
    expect(Number(await byTestId(runRow, 'recon-progress').getAttribute('data-resolved'))).toBe(
      before + 2,
    );
    expect(await dashboardResolved(page)).toBeGreaterThanOrEqual(resolvedOnDashboard + 2);
    await screenshot(page, 'recon-dashboard-en');
  });

  it("shows the fee report, and a run to resolve at a phone's width and in Arabic", async () => {
    const admin = await signedAs(browser, baseUrl, 'admin@demo.test', contexts, {
      audited: true,
    });
    const { page } = admin;
    const runId = await sandboxRunOf(admin, (await thbGateway(admin)).id, yesterday(), '41', {
      feeRate: '30',
    });

    // The fee report: a tab of /reconciliation, its filters in the URL (the statement's day).
    await openList(page, '/reconciliation');
    await byTestId(page, 'recon-view-fees').click();
    await page.waitForURL(/view=fees/);
    await listSettled(page);
    const day = yesterday();
    await openList(page, `/reconciliation?view=fees&from=${day}&to=${day}&currency=THB`);
    expect(await page.locator('[data-testid="list-row"]').count()).toBeGreaterThan(0);
    await shotSettled(page, 'recon-fees-en');
    expect(findingLines('fee report', await runAxe(page))).toEqual([]);

    // At a phone's width, and in Arabic.
    await page.setViewportSize(PHONE);
    await openList(page, `/reconciliation/${runId}?class=fee_mismatch`);
    await byTestId(page, 'recon-line-select').first().check();
    await shotSettled(page, 'recon-run-resolve-390');
    await openList(page, `/reconciliation?view=fees&from=${day}&to=${day}`);
    await shotSettled(page, 'recon-fees-390');
    await page.setViewportSize({ width: 1280, height: 800 });
    await whileInArabic(page, 'admin@demo.test', admin.session, async () => {
      await page.goto(`/reconciliation/${runId}?class=fee_mismatch`);
      await runShown(page);
      await byTestId(page, 'recon-line-select').first().check();
      await byTestId(page, 'recon-resolve-writeOff').click();
      await byTestId(page, 'recon-resolve-dialog').waitFor();
      await screenshot(page, 'recon-write-off-ar');
      expect(findingLines('write-off dialog in Arabic', await runAxe(page))).toEqual([]);
      await byTestId(page, 'recon-resolve-dialog').locator('.modal-footer .btn-light').click();
      await openList(page, `/reconciliation?view=fees&from=${day}&to=${day}`);
      await shotSettled(page, 'recon-fees-ar');
      expect(findingLines('fee report in Arabic', await runAxe(page))).toEqual([]);
      await openList(page, '/reconciliation');
      await shotSettled(page, 'recon-runs-ar');
    });
  });

  it("queues a write-off for the checkers: the maker's own approval is refused, a second admin rejects it", async () => {
    const maker = await signedAs(browser, baseUrl, 'admin@demo.test', contexts, {
      audited: true,
    });
    const runId = await sandboxRunOf(maker, (await thbGateway(maker)).id, yesterday(), '37', {
      amountRate: '30',
    });
    const { rows } = await runLines(maker, runId);
    const line = rows.find(
      (r) =>
        r.class === 'amount_mismatch' &&
        r.status === 'success' &&
        r.our_status === 'success' &&
        !r.resolution,
    )!;
    expect(line).toBeDefined();
    const asked = await callAs<{ results: { ok: boolean; id?: string }[] }>(
      maker.page,
      maker.session,
      'writeOffReconLines',
      { runId, seqs: String(line.seq), reason: 'Gateway rounding, queued (e2e)' },
    );
    expect(asked.results[0]).toMatchObject({ ok: true });
    const queueUrl = `/reconciliation?view=write-offs&search=${encodeURIComponent(line.reference)}`;

    /** The queue showing the write-off (its line searched), chosen, and a decision opened. */
    const openDecision = async (page: Page, verb: 'approve' | 'reject') => {
      await openList(page, queueUrl);
      await closeTwoFactorReminder(page, 3_000);
      expect(await page.locator('[data-testid="list-row"]').count()).toBe(1);
      await byTestId(page, 'recon-queue-select').first().check();
      await byTestId(page, `recon-queue-${verb}`).click();
      const dialog = byTestId(page, 'decision-dialog');
      await dialog.waitFor();
      return dialog;
    };

    // The maker tries to approve their own write-off: the server refuses, the dialog says why.
    const own = await openDecision(maker.page, 'approve');
    await byTestId(own, 'decision-reason').fill('My own (e2e)');
    await byTestId(own, 'decision-confirm').click();
    const outcomes = byTestId(maker.page, 'decision-results');
    await outcomes.waitFor();
    const outcome = byTestId(outcomes, 'decision-outcome');
    expect(await outcome.getAttribute('data-ok')).toBe('false');
    expect(await outcome.innerText()).toMatch(/asked for by you/);
    await screenshot(maker.page, 'recon-queue-own-refused-en');
    expect(findingLines('own approval refused', await runAxe(maker.page))).toEqual([]);
    await outcomes.locator('.modal-footer .btn-primary').click();
    await outcomes.waitFor({ state: 'detached' });
    // Still waiting.
    await openList(maker.page, queueUrl);
    expect(await maker.page.locator('[data-testid="list-row"]').count()).toBe(1);
    await shotSettled(maker.page, 'recon-queue-en');
    expect(findingLines('write-off queue', await runAxe(maker.page))).toEqual([]);

    // A second admin rejects it, in Arabic: reason and note, and it leaves the queue.
    const checker = await signedAs(browser, baseUrl, 'admin2@demo.test', contexts, {
      audited: true,
    });
    await whileInArabic(checker.page, 'admin2@demo.test', checker.session, async () => {
      const reject = await openDecision(checker.page, 'reject');
      expect(await checker.page.locator('html').getAttribute('dir')).toBe('rtl');
      await byTestId(reject, 'decision-reason-code').selectOption({ index: 1 });
      await byTestId(reject, 'decision-reason').fill('Not a rounding: ask the gateway (e2e)');
      await screenshot(checker.page, 'recon-queue-reject-ar');
      expect(findingLines('write-off rejection in Arabic', await runAxe(checker.page))).toEqual([]);
      await byTestId(reject, 'decision-confirm').click();
      await reject.waitFor({ state: 'detached' });
      const results = byTestId(checker.page, 'decision-results');
      if (await results.count()) {
        expect(await byTestId(results, 'decision-outcome').getAttribute('data-ok')).toBe('true');
        await results.locator('.modal-footer .btn-primary').click();
      }
      await checker.page.locator('[data-testid="list-row"]').first().waitFor({ state: 'detached' });
      await shotSettled(checker.page, 'recon-queue-ar');
      expect(findingLines('write-off queue in Arabic', await runAxe(checker.page))).toEqual([]);
    });
    const after = await callAs<{ rows: ReconLineRow[] }>(
      maker.page,
      maker.session,
      'getReconLineList',
      { runId, class: line.class, search: line.reference },
    );
    // Rejected: the line has no resolution and may be resolved again.
    expect(after.rows[0]!.resolution).toBeNull();
  });
});
