import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { findingLines, runAxe } from './support/accessibility';
import { auditScreen, PHONE } from './support/audited-page';
import { closeTwoFactorReminder, launchBrowser, screenshot } from './support/browser';
import { isCall, whileInArabic } from './support/dashboard';
import { byTestId } from './support/lists';
import { openList, signedAs } from './support/money';
import { setRuleField } from './support/risk';

/**
 * Risk rules (issue 42, WP3): an admin writes the "done when" rule in the form (hold pay-outs
 * over 50,000 THB to a bank account first seen today, two approvers), sees a refused part under
 * its field, saves, edits it into a second version, and switches it to shadow with a
 * confirmation. The list and the editor pass axe left to right and in Arabic, on a desktop and
 * on a 390 px phone.
 */
const baseUrl = inject('baseUrl');

let browser: Browser;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
});

const signed = (email: string) => signedAs(browser, baseUrl, email, contexts, { audited: true });
const NAME = 'E2E hold large pay-outs to new bank accounts';

describe('risk rules', () => {
  it('an admin writes the done-when rule, saves a second version and switches it to shadow', async () => {
    const { page, session } = await signed('admin@demo.test');
    await openList(page, '/risk/rules');
    await byTestId(page, 'risk-rule-new').click();
    await closeTwoFactorReminder(page);
    await byTestId(page, 'risk-rule-form').waitFor();
    await byTestId(page, 'risk-rule-name').fill(NAME);
    await byTestId(page, 'risk-rule-approvers').selectOption('2');
    await setRuleField(page, 0, 'currency', 'THB');
    await setRuleField(page, 0, 'op', 'gt');
    await setRuleField(page, 0, 'value', '50000.001');
    await byTestId(page, 'risk-condition-add').click();
    await byTestId(byTestId(page, 'risk-condition-1'), 'risk-condition-type').selectOption(
      'firstSeen',
    );
    await setRuleField(page, 1, 'key', 'bank_account');
    await setRuleField(page, 1, 'since', 'today');
    // A part the server refuses shows under its own field (when.all[0].amount.value).
    await byTestId(page, 'risk-rule-check').click();
    const refused = byTestId(page, 'field-error-when.all[0].amount.value');
    await refused.waitFor();
    expect(await refused.innerText()).toContain('2 decimals');
    await setRuleField(page, 0, 'value', '50000');

    const created = page.waitForResponse((r) => isCall(r.request(), 'createRiskRule'));
    await byTestId(page, 'risk-rule-save').click();
    const answer = (await (await created).json()) as {
      status: number;
      message: string;
      data: { id: string; definition: string; current_version: number };
    };
    expect(answer.status, answer.message).toBe(200);
    expect(JSON.parse(answer.data.definition)).toEqual({
      kinds: ['payout'],
      action: { type: 'review', approvers: 2 },
      onError: 'review',
      when: {
        all: [
          { amount: { currency: 'THB', op: 'gt', value: '50000' } },
          { firstSeen: { key: 'bank_account', since: 'today' } },
        ],
      },
    });
    await page.waitForURL(`**/risk/rules/${answer.data.id}`);
    await closeTwoFactorReminder(page);
    await byTestId(page, 'risk-rule-versions').waitFor();
    expect(await byTestId(page, 'risk-rule-version').count()).toBe(1);
    const summary = await byTestId(page, 'risk-rule-summary').first().innerText();
    expect(summary).toContain('Review (2 approvers)');
    expect(summary).toContain('bank account first seen today');

    // An edit is a second version; the first stays as it was.
    await byTestId(page, 'risk-rule-on-error').selectOption('block');
    await byTestId(page, 'risk-rule-note').fill('Fail closed');
    const saved = page.waitForResponse((r) => isCall(r.request(), 'saveRiskRule'));
    await byTestId(page, 'risk-rule-save').click();
    expect(((await (await saved).json()) as { status: number }).status).toBe(200);
    await page.locator('[data-testid="risk-rule-version"]').nth(1).waitFor();
    expect(await byTestId(page, 'risk-rule-version').count()).toBe(2);
    expect(await byTestId(page, 'risk-rule-version').first().innerText()).toContain('Fail closed');
    expect(findingLines('risk rule editor', await runAxe(page))).toEqual([]);
    await screenshot(page, 'risk-rule-editor-admin', true);

    // Shadow, after a confirmation that says what shadow does.
    await byTestId(page, 'risk-mode-select').selectOption('shadow');
    await byTestId(page, 'risk-mode-switch').click();
    const confirm = byTestId(page, 'risk-mode-confirm');
    await confirm.waitFor();
    await byTestId(confirm, 'risk-mode-reason').fill('Watch for a week');
    expect(findingLines('risk mode confirm', await runAxe(page))).toEqual([]);
    const moded = page.waitForResponse((r) => isCall(r.request(), 'setRiskRuleMode'));
    await byTestId(confirm, 'risk-mode-confirm-button').click();
    expect(((await (await moded).json()) as { status: number }).status).toBe(200);
    await page.locator('[data-testid="risk-rule-mode"][data-mode="shadow"]').first().waitFor();

    await openList(page, `/risk/rules?mode=shadow&search=${encodeURIComponent('E2E hold')}`);
    const row = page.locator('[data-testid="list-row"]').first();
    await row.waitFor();
    expect(await row.innerText()).toContain(NAME);
    expect(findingLines('risk rules', await runAxe(page))).toEqual([]);
    await screenshot(page, 'risk-rules-admin');

    await whileInArabic(page, 'admin@demo.test', session, async () => {
      await openList(page, `/risk/rules?search=${encodeURIComponent('E2E hold')}`);
      await page.waitForFunction(() => document.documentElement.dir === 'rtl');
      await page.locator('[data-testid="list-row"]').first().waitFor();
      expect(findingLines('risk rules ar', await runAxe(page))).toEqual([]);
      await screenshot(page, 'risk-rules-admin-ar');
      await page.goto(`/risk/rules/${answer.data.id}`);
      await closeTwoFactorReminder(page);
      await byTestId(page, 'risk-rule-versions').waitFor();
      expect(findingLines('risk rule editor ar', await runAxe(page))).toEqual([]);
      await screenshot(page, 'risk-rule-editor-admin-ar', true);
    });
  });

  it('fits a 390 px phone in Arabic: the list and the editor pass axe', async () => {
    const admin = await signed('admin2@demo.test');
    await admin.page.setViewportSize(PHONE);
    await whileInArabic(admin.page, 'admin2@demo.test', admin.session, async () => {
      const { page } = admin;
      await openList(page, '/risk/rules');
      await page.waitForFunction(() => document.documentElement.dir === 'rtl');
      expect(await auditScreen(page, 'risk rules 390 ar', true)).toEqual([]);
      await screenshot(page, 'risk-rules-390-ar');
      await page.goto('/risk/rules/new');
      await closeTwoFactorReminder(page);
      await byTestId(page, 'risk-rule-form').waitFor();
      expect(await auditScreen(page, 'risk rule editor 390 ar', true)).toEqual([]);
      await screenshot(page, 'risk-rule-editor-390-ar', true);
    });
  });
});
