import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { OutboxRow } from '@bo/contract';
import { newAccountWithPassword } from './support/accounts';
import {
  callApi,
  downloadExport,
  launchBrowser,
  openPage,
  screenshot,
  signIn,
} from './support/browser';
import {
  callAs,
  closeTwoFactorReminder,
  signInKeepingSession,
  type ApiSession,
} from './support/dashboard';
import { byTestId as $, listAnswerAfter } from './support/lists';
import { mailTo } from './support/mail';
import { REFUSED_DOMAIN } from './support/mail-inbox';
import { takeSuccessNote } from './support/success';
import { preloaderGone } from './support/wait-for-css';

/**
 * /admin-outbox (issue 30) with the suite's real SMTP server: a reset mail it took shows as
 * sent, one to a mailbox it refuses (550) as abandoned with the server's answer; the state tab
 * and the search stay in the URL; the export holds every matching mail and no body; Resend asks
 * first, then queues the mail again and says so. In English (the demo admin) and in Arabic (an
 * administrator of this run's own, at desktop and phone width).
 */
const baseUrl = inject('baseUrl');
const RUN = Date.now().toString(36);
const PASSWORD = 'Outbox-run#Pass2026';
const SENT_TO = `outbox-ok-${RUN}@e2e.test`;
const REFUSED_TO = `outbox-no-${RUN}@${REFUSED_DOMAIN}`;

type OutboxPage = { rows: OutboxRow[]; total: number };

let browser: Browser;
let admin: { context: BrowserContext; page: Page; session: ApiSession };

/** A merchant of this run whose password reset mail goes to `email`. */
async function resetMailFor(email: string, name: string) {
  await newAccountWithPassword(
    baseUrl,
    admin.session,
    'createAccount',
    { email, name, username: email.split('@')[0]!.replace(/-/g, '_'), accountType: 'merchant' },
    PASSWORD,
  );
  const asked = await callApi(baseUrl, 'requestPasswordReset', { email });
  expect(asked.status).toBe(200);
}

const outboxOf = (search: string) =>
  callAs<OutboxPage>(admin.page, admin.session, 'getOutbox', { search });

beforeAll(async () => {
  browser = await launchBrowser();
  const opened = await openPage(browser, baseUrl);
  opened.page.setDefaultNavigationTimeout(90_000);
  admin = { ...opened, session: await signInKeepingSession(opened.page, 'admin@demo.test') };
  await closeTwoFactorReminder(admin.page);
  await resetMailFor(SENT_TO, 'Outbox Sent Shop');
  await resetMailFor(REFUSED_TO, 'Outbox Refused Shop');
});
afterAll(async () => {
  await admin?.context.close();
  await browser?.close();
});

describe('the outbox (admin)', () => {
  it('records a mail the SMTP server took as sent, and one it refused as abandoned', async () => {
    await mailTo(SENT_TO);
    await expect.poll(async () => (await outboxOf(SENT_TO)).rows[0]?.status).toBe('sent');
    // The refused mail is tried twice (the suite's MAIL_MAX_ATTEMPTS), 5 s apart, then abandoned.
    await expect
      .poll(async () => (await outboxOf(REFUSED_TO)).rows[0]?.status, { timeout: 60_000 })
      .toBe('abandoned');
  });

  it('lists the run’s mails with their state and no body, filtered in the URL', async () => {
    const { page } = admin;
    const { data } = await listAnswerAfter<OutboxPage>(page, 'getOutbox', () =>
      page.goto('/admin-outbox'),
    );
    await closeTwoFactorReminder(page);
    expect(await $(page, 'page-title').textContent()).toBe('Outbox');
    expect(data.rows.length).toBeGreaterThan(0);
    for (const row of data.rows) expect(Object.keys(row)).not.toContain('html_body');

    // The search box, then the Abandoned tab: both in the URL, both kept by a reload.
    await $(page, 'list-filter-search').fill(RUN);
    const searched = await listAnswerAfter<OutboxPage>(page, 'getOutbox', () =>
      $(page, 'list-apply').click(),
    );
    expect(searched.data.rows.map((r) => r.recipient).sort()).toEqual([REFUSED_TO, SENT_TO].sort());
    const tab = await listAnswerAfter<OutboxPage>(page, 'getOutbox', () =>
      $(page, 'list-status-tab-abandoned').click(),
    );
    expect(tab.data.rows).toHaveLength(1);
    const refused = tab.data.rows[0]!;
    expect(refused).toMatchObject({ recipient: REFUSED_TO, status: 'abandoned', attempts: 2 });
    expect(refused.last_error).toMatch(/550/);
    const query = new URL(page.url()).searchParams;
    expect([query.get('search'), query.get('status')]).toEqual([RUN, 'abandoned']);
    const reloaded = await listAnswerAfter<OutboxPage>(page, 'getOutbox', () => page.reload());
    await closeTwoFactorReminder(page);
    expect(reloaded.data.rows.map((r) => r.id)).toEqual([refused.id]);
    expect(await $(page, 'outbox-status').getAttribute('data-status')).toBe('abandoned');

    // The export: every matching mail, its error, never a body.
    const file = (await downloadExport(page, 'csv')).bytes.toString('utf8');
    expect(file).toContain(REFUSED_TO);
    expect(file).not.toContain(SENT_TO);
    expect(file).not.toContain('reset-password#token=');

    // Back to every state: the sent mail shows, with no Resend.
    await listAnswerAfter(page, 'getOutbox', () => $(page, 'list-status-tab-all').click());
    await screenshot(page, 'admin-outbox-en', true);
    const sentRow = $(page, 'list-row').filter({ hasText: SENT_TO });
    expect(await sentRow.locator('[data-testid="outbox-status"]').getAttribute('data-status')).toBe(
      'sent',
    );
    expect(await sentRow.locator('[data-testid="outbox-resend"]').count()).toBe(0);
  });

  it('resends an abandoned mail after asking, once, and logs it', async () => {
    const { page } = admin;
    const row = $(page, 'list-row').filter({ hasText: REFUSED_TO });
    await row.locator('[data-testid="outbox-resend"]').click();
    const dialog = $(page, 'outbox-resend-confirm');
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain(REFUSED_TO);
    await screenshot(page, 'admin-outbox-resend-confirm-en');
    const answered = page.waitForResponse((r) => r.url().endsWith('/resendOutboxMessage'));
    await $(page, 'outbox-resend-yes').click();
    const body = (await (await answered).json()) as { data: { requeued: boolean } };
    expect(body.data.requeued).toBe(true);
    expect(await takeSuccessNote(page)).toBe(`The mail to ${REFUSED_TO} is back in the queue.`);
    await dialog.waitFor({ state: 'detached' });
    const { rows } = await callAs<{ rows: { target_id: string }[] }>(
      page,
      admin.session,
      'getAdminLogs',
      { action: 'outbox.resend' },
    );
    const id = (await outboxOf(REFUSED_TO)).rows[0]!.id;
    expect(rows.filter((r) => r.target_id === id)).toHaveLength(1);
  });
});

describe('the outbox in Arabic', () => {
  it('reads right to left, at desktop and phone width', async () => {
    const who = {
      email: `outbox-ar-${RUN}@e2e.test`,
      username: `outbox_ar_${RUN}`,
      name: 'مدير صندوق الصادر',
    };
    // An administrator of the demo admin's own (a sub-account), in Arabic.
    await newAccountWithPassword(
      baseUrl,
      admin.session,
      'createSubAccount',
      { ...who, modules: 'administrator' },
      PASSWORD,
      'ar',
    );
    for (const width of [1440, 390]) {
      const { context, page } = await openPage(browser, baseUrl, { width, height: 900 });
      await page.goto('/login');
      await signIn(page, who.email, PASSWORD);
      await closeTwoFactorReminder(page);
      await listAnswerAfter(page, 'getOutbox', () => page.goto(`/admin-outbox?search=${RUN}`));
      await closeTwoFactorReminder(page);
      expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
      expect(await $(page, 'page-title').textContent()).toBe('صندوق الصادر');
      await preloaderGone(page);
      await screenshot(page, `admin-outbox-ar-${width}`, true);
      await context.close();
    }
  });
});
