import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { parseUsdtRate, percentChange } from '@bo/contract';
import { findingLines, runAxe } from './support/accessibility';
import { openAuditedPage } from './support/audited-page';
import { launchBrowser, openPage, settle, signIn } from './support/browser';
import {
  approveAsSecondAdmin,
  callAs,
  closeTwoFactorReminder,
  signInKeepingSession,
  whileInArabic,
  type ApiSession,
} from './support/dashboard';
import { actionLinkOf, mailTo } from './support/mail';
import { byTestId as $, listAnswerAfter, listSettled } from './support/lists';
import { preloaderGone } from './support/wait-for-css';

const baseUrl = inject('baseUrl');
const SHOTS = '/tmp/shots-administration';
/**
 * The rate this run sets: BDT has no demo contracts, so no other test's settlement depends on
 * it. The run first gives it a rate through the API, then changes it on the screen.
 */
const RUN = Date.now() % 1000;
const FIRST_RATE = `${110 + (RUN % 5)}.5`;
/** Within ±10% of the first rate (the default band): it applies at once. */
const NEW_RATE = `${112 + (RUN % 7)}.12345678`;
/** About −90% of the new rate: beyond the band, it waits for a second admin. */
const CUT_RATE = `${11 + (RUN % 7)}.2`;
const REASON = `Bank quote of run ${RUN}`;

/** The percentage from one rate text to another, as the server computes it ("-90.16"). */
function percentOf(from: string, to: string): string {
  const read = (text: string) => {
    const r = parseUsdtRate(text);
    if (!r.ok) throw new Error(r.message);
    return r.rateE8;
  };
  return percentChange(read(from), read(to))!;
}

let browser: Browser;
let admin: { context: BrowserContext; page: Page; session: ApiSession };

async function shot(page: Page, name: string) {
  await preloaderGone(page);
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

async function visit(page: Page, pathname: string) {
  await page.goto(pathname);
  await settle(page);
  await closeTwoFactorReminder(page);
}

beforeAll(async () => {
  browser = await launchBrowser();
  // Audited (the CSP bypassed): axe is injected as a script of its own in the team's dialogs.
  const opened = await openAuditedPage(browser, baseUrl);
  admin = { ...opened, session: await signInKeepingSession(opened.page, 'admin@demo.test') };
});
afterAll(async () => {
  await admin?.context.close();
  await browser?.close();
});

describe('administrator tools (admin)', () => {
  it('lists decided withdrawals of the demo world, filtered in the URL', async () => {
    const { page } = admin;
    const { data } = await listAnswerAfter<{ rows: { status: string }[]; total: number }>(
      page,
      'getWithdrawalHistory',
      () => visit(page, '/withdrawal-history/list'),
    );
    expect(await $(page, 'page-title').textContent()).toBe('Withdrawal History');
    expect(data.total).toBeGreaterThan(0);
    expect(data.rows.every((r) => ['approved', 'completed', 'rejected'].includes(r.status))).toBe(
      true,
    );
    await shot(page, 'withdrawal-history-admin');
    const completed = await listAnswerAfter<{ rows: { status: string }[] }>(
      page,
      'getWithdrawalHistory',
      () => visit(page, '/withdrawal-history/list?status=completed'),
    );
    expect(completed.data.rows.every((r) => r.status === 'completed')).toBe(true);
  });

  it('changes a USDT rate after confirming and shows it in the history', async () => {
    const { page, session } = admin;
    const first = await callAs<{ pending_change: { id: string } | null }>(
      page,
      session,
      'changeUsdtRate',
      { currency: 'BDT', rate: FIRST_RATE, reason: 'First rate of the run' },
    );
    // BDT's first rate (a fresh world) waits for a second admin like a change beyond the band.
    if (first.pending_change) await approveAsSecondAdmin(browser, baseUrl, first.pending_change.id);
    await listAnswerAfter(page, 'getUsdtRateHistory', () => visit(page, '/force-change-usdt'));
    expect(await $(page, 'page-title').textContent()).toBe('Force Change USDT');
    const bdt = $(page, 'usdt-rate-BDT');
    await bdt.waitFor();
    await shot(page, 'force-change-usdt-admin');

    // A reason is required: the form says so in place and sends nothing.
    await $(bdt, 'usdt-rate-change').click();
    expect(await $(page, 'usdt-rate-currency').inputValue()).toBe('BDT');
    await $(page, 'usdt-rate-value').fill('1.123456789');
    await $(page, 'usdt-rate-review').click();
    await page.locator('[data-testid="usdt-rate-form"] .invalid-feedback').first().waitFor();
    expect(await page.locator('[data-testid="usdt-rate-form"] .is-invalid').count()).toBe(2);
    expect(await $(page, 'usdt-rate-confirm').count()).toBe(0);

    await $(page, 'usdt-rate-value').fill(NEW_RATE);
    await $(page, 'usdt-rate-reason').fill(REASON);
    await $(page, 'usdt-rate-review').click();
    const dialog = $(page, 'usdt-rate-confirm');
    await dialog.waitFor();
    expect(await $(dialog, 'usdt-rate-confirm-new').innerText()).toBe(NEW_RATE);
    expect(await $(dialog, 'usdt-rate-confirm-percent').innerText()).toBe(
      `${percentOf(FIRST_RATE, NEW_RATE).replace('-', '−')}%`,
    );
    await $(dialog, 'usdt-rate-within-band').waitFor();
    await shot(page, 'force-change-usdt-confirm');
    const changed = page.waitForResponse((r) => r.url().endsWith('/changeUsdtRate'));
    const history = page.waitForResponse((r) => r.url().endsWith('/getUsdtRateHistory'));
    await $(dialog, 'usdt-rate-confirm-yes').click();
    expect((await (await changed).json()).status).toBe(200);
    await history;
    await listSettled(page);
    await $(page, 'usdt-rate-changed').waitFor();
    const expected = NEW_RATE.padEnd(NEW_RATE.indexOf('.') + 9, '0');
    await page.waitForFunction(
      (rate) =>
        document
          .querySelector('[data-testid="usdt-rate-BDT"] [data-testid="usdt-rate-current"]')
          ?.textContent?.includes(rate),
      expected,
    );
    // The history may still show an answer read before the change: wait for the one after.
    await page.waitForFunction(
      (rate) => document.querySelector('[data-testid="list-row"]')?.textContent?.includes(rate),
      expected,
    );
    const firstRow = page.locator('[data-testid="list-row"]').first();
    const text = await firstRow.innerText();
    expect(text).toContain('BDT');
    expect(text).toContain(expected);
    expect(text).toContain(REASON);
    expect(text).toContain('admin');
    await shot(page, 'force-change-usdt-changed');
  });

  it('shows old, new and percentage before a cut beyond the band, which then waits for a second admin', async () => {
    const { page, session } = admin;
    await $(page, 'usdt-rate-BDT').waitFor();
    await $($(page, 'usdt-rate-BDT'), 'usdt-rate-change').click();
    await $(page, 'usdt-rate-value').fill(CUT_RATE);
    await $(page, 'usdt-rate-reason').fill(`${REASON}, cut`);
    await $(page, 'usdt-rate-review').click();
    const dialog = $(page, 'usdt-rate-confirm');
    await dialog.waitFor();
    const percent = percentOf(NEW_RATE, CUT_RATE);
    expect(percent.startsWith('-')).toBe(true);
    const shown = await dialog.innerText();
    expect(shown).toContain(NEW_RATE.padEnd(NEW_RATE.indexOf('.') + 9, '0'));
    expect(shown).toContain(CUT_RATE);
    expect(await $(dialog, 'usdt-rate-confirm-percent').innerText()).toBe(
      `${percent.replace('-', '−')}%`,
    );
    await $(dialog, 'usdt-rate-beyond-band').waitFor();
    await shot(page, 'force-change-usdt-confirm-beyond-band');
    const asked = page.waitForResponse((r) => r.url().endsWith('/changeUsdtRate'));
    await $(dialog, 'usdt-rate-confirm-yes').click();
    const answer = (await (await asked).json()) as {
      status: number;
      data: { pending_change: { id: string; change_percent: string } | null };
    };
    expect(answer.status).toBe(200);
    expect(answer.data.pending_change?.change_percent).toBe(percent);
    await $(page, 'usdt-rate-pending').waitFor();
    // Nothing changed in force.
    expect(await $($(page, 'usdt-rate-BDT'), 'usdt-rate-current').innerText()).toContain(
      NEW_RATE.slice(0, 6),
    );
    await shot(page, 'force-change-usdt-pending');
    // The approvals queue shows it with old, new and percentage.
    await visit(page, '/payouts/pending-list');
    const panel = $(page, 'setting-changes');
    await panel.waitFor();
    const row = $(panel, 'setting-change-row').filter({ hasText: CUT_RATE });
    expect(await $(row, 'setting-change-percent').innerText()).toBe(
      `${percent.replace('-', '−')}%`,
    );
    await shot(page, 'approvals-queue-setting-change');
    // Rejected (the asker may reject its own), so the rate stays and a rerun starts clean.
    const rejected = await callAs<{ status: string }>(page, session, 'rejectSettingChange', {
      id: answer.data.pending_change!.id,
      reasonCode: 'other',
      note: 'End of the run',
    });
    expect(rejected.status).toBe('rejected');
  });

  it('filters the admin log and opens an entry’s before/after', async () => {
    const { page } = admin;
    await listAnswerAfter(page, 'getAdminLogs', () => visit(page, '/admin-logs'));
    expect(await $(page, 'page-title').textContent()).toBe('Admin Logs');
    await shot(page, 'admin-logs-admin');
    const { data } = await listAnswerAfter<{ rows: { action: string; target_id: string }[] }>(
      page,
      'getAdminLogs',
      async () => {
        await $(page, 'admin-log-filter-action').fill('usdt_rate');
        await $(page, 'admin-log-filter-targetId').fill('BDT');
        await $(page, 'admin-log-apply').click();
      },
    );
    expect(new URL(page.url()).searchParams.get('action')).toBe('usdt_rate');
    expect(data.rows.length).toBe(2);
    expect(data.rows.every((r) => r.action === 'usdt_rate.change' && r.target_id === 'BDT')).toBe(
      true,
    );
    await $(page, 'admin-log-open').first().click();
    const diff = $(page, 'admin-log-diff');
    await diff.waitFor();
    const changedLine = $(diff, 'diff-changed').first();
    expect(await changedLine.innerText()).toContain(NEW_RATE.slice(0, 6));
    await shot(page, 'admin-logs-diff');
  });
});

describe('the team (admin)', () => {
  const email = `team${RUN}-${Date.now() % 100_000}@demo.test`;
  const username = email.split('@')[0]!;
  const password = 'Invited#Password2026';

  it('invites an admin (a second admin approves), whose mail sets the password, deactivates it, and activates it again with a second admin, in English and Arabic', async () => {
    const { page, session } = admin;
    await visit(page, '/admin-team');
    expect(await $(page, 'page-title').textContent()).toBe('Team');
    await $(page, 'team-member-admin').waitFor();
    await $(page, 'team-invite').click();
    const form = $(page, 'team-admin-form');
    await $(form, 'team-invite-email').fill(email);
    await $(form, 'team-invite-username').fill(username);
    await $(form, 'team-invite-name').fill(`Ops ${RUN}`);
    await $(form, 'account-modules-payin').check();
    await $(form, 'account-modules-reports').check();
    // Every invitation waits for a second admin: the form asks why, for that admin to read.
    await $(form, 'team-admin-form-reason').fill(REASON);
    await shot(page, 'team-invite');
    await $(form, 'team-admin-form-save').click();
    await $(page, 'team-pending').waitFor();
    expect(await $(page, 'team-pending').innerText()).toContain(email);
    const team = await callAs<{ pending_changes: { id: string; target: string }[] }>(
      page,
      session,
      'getTeam',
    );
    const change = team.pending_changes.find((c) => c.target === email)!;
    await approveAsSecondAdmin(browser, baseUrl, change.id);
    await visit(page, '/admin-team');
    const row = $(page, `team-member-${username}`);
    await row.waitFor();
    expect(await row.innerText()).toContain('Invitation sent');
    await shot(page, 'team-admin');

    // The invitation's link sets the password; the new admin signs in with its modules only.
    const link = actionLinkOf(await mailTo(email));
    const invited = await openPage(browser, baseUrl);
    try {
      await invited.page.goto(link);
      const reset = $(invited.page, 'reset-password-form');
      await reset.locator('input[name="newPassword"]').fill(password);
      await reset.locator('input[name="confirmPassword"]').fill(password);
      await reset.locator('button[type="submit"]').click();
      await $(invited.page, 'password-reset-done').waitFor();
      await invited.page.goto('/login');
      await signIn(invited.page, email, password);
      // Without the administrator module the team screen is refused: the guard opens /.
      await invited.page.goto('/admin-team');
      await invited.page.waitForURL((url) => url.pathname === '/');
    } finally {
      await invited.context.close();
    }

    // Deactivated after a confirmation; its row says so.
    await visit(page, '/admin-team');
    await $($(page, `team-member-${username}`), 'team-member-status-toggle').click();
    await page.locator('.swal2-confirm').click();
    await expect
      .poll(() => $($(page, `team-member-${username}`), 'team-member-status').innerText())
      .toBe('Deactivated');

    // Activating it again waits for a second admin: a dialog asks the reason they read.
    await $($(page, `team-member-${username}`), 'team-member-status-toggle').click();
    const ask = $(page, 'team-activate');
    await $(ask, 'team-activate-send').click();
    expect(await $(ask, 'team-activate-error').innerText()).toContain('Say why');
    await $(ask, 'team-activate-reason').fill(REASON);
    expect(findingLines('activation dialog', await runAxe(page))).toEqual([]);
    await shot(page, 'team-activate');
    await $(ask, 'team-activate-send').click();
    await ask.waitFor({ state: 'detached' });
    expect(await $(page, 'team-pending').innerText()).toContain('Admin activated again');
    expect(await $($(page, `team-member-${username}`), 'team-member-status').innerText()).toBe(
      'Deactivated',
    );

    await whileInArabic(page, 'admin@demo.test', session, async () => {
      await visit(page, '/admin-team');
      await $(page, `team-member-${username}`).waitFor();
      expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
      await shot(page, 'team-admin-ar');
      await $($(page, `team-member-${username}`), 'team-member-status-toggle').click();
      await $(page, 'team-activate').waitFor();
      expect(findingLines('activation dialog (ar)', await runAxe(page))).toEqual([]);
      await $(page, 'team-activate').getByRole('button', { name: 'إلغاء' }).click();
    });

    const waiting = await callAs<{ pending_changes: { id: string; kind: string }[] }>(
      page,
      session,
      'getTeam',
    );
    const activation = waiting.pending_changes.find((c) => c.kind === 'admin_activate')!;
    await approveAsSecondAdmin(browser, baseUrl, activation.id);
    await visit(page, '/admin-team');
    await expect
      .poll(() => $($(page, `team-member-${username}`), 'team-member-status').innerText())
      .toBe('Active');
  });
});
