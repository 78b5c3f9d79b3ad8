import { createElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { RiskBacktest, RiskRuleRow } from '@bo/contract';
import { renderedIn, TEST_LOCALES, type TestLanguage } from '../../i18n/test-translations';
import { backtestPollInterval, riskBacktestKey } from './api/risk-backtests-api';
import { RuleBacktestCard } from './backtest-card';

const RULE: RiskRuleRow = {
  id: '7',
  name: 'Hold large pay-outs',
  owner_scope: 'platform',
  merchant_db_code: null,
  reseller_db_code: null,
  mode: 'draft',
  current_version: 3,
  definition: '{}',
  created_by: 'admin@demo.test',
  created_at: '2026-12-01T08:00:00.000Z',
  updated_at: '2026-12-02T08:00:00.000Z',
};

const RUNNING: RiskBacktest = {
  id: '11',
  rule_id: '7',
  version: 3,
  status: 'running',
  from: '2026-09-04T00:00:00.000Z',
  to: '2026-12-03T00:00:00.000Z',
  chunks_total: 32,
  chunks_done: 8,
  scanned: 0,
  matched: 0,
  started_by: 'admin@demo.test',
  started_at: '2026-12-03T09:15:00.000Z',
  finished_at: null,
  error: null,
  summary: [],
  sample: [],
};

const DONE: RiskBacktest = {
  ...RUNNING,
  status: 'done',
  chunks_done: 32,
  scanned: 1234567,
  matched: 1503,
  finished_at: '2026-12-03T09:15:41.000Z',
  summary: [
    {
      action: 'review',
      currency: 'THB',
      count: 1500,
      amount: '98765432.10',
      later_refunded: 12,
      later_disputed: 3,
      later_failed: 40,
    },
    {
      action: 'review',
      currency: 'USDT',
      count: 3,
      amount: '150.5',
      later_refunded: 0,
      later_disputed: 0,
      later_failed: 1,
    },
  ],
  sample: [
    {
      kind: 'payout',
      id: 'po-9',
      merchant_db_code: 'MER00002',
      currency: 'THB',
      amount: '60000',
      at: '2026-12-02T23:30:00.000Z',
      action: 'review',
      status: 'success',
    },
    {
      kind: 'payin',
      id: 'pi 8',
      merchant_db_code: 'MER00001',
      currency: 'THB',
      amount: '75000.5',
      at: '2026-12-01T10:00:00.000Z',
      action: 'review',
      status: 'failed',
    },
    {
      kind: 'payout',
      id: 'po-7',
      merchant_db_code: 'MER00002',
      currency: 'THB',
      amount: '51000',
      at: '2026-11-30T10:00:00.000Z',
      action: 'review',
      status: 'rejected',
    },
  ],
};

type Read = { backtest: RiskBacktest | null } | 'pending' | 'error';

/** The card as the rule's page shows it, its read already answered with `read` (no network). */
async function card(read: Read, { lang = 'en', isDirty = false, rule = RULE } = {}) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, retryOnMount: false, staleTime: Infinity } },
  });
  const key = riskBacktestKey(rule.id);
  if (read === 'error')
    client
      .getQueryCache()
      .build(client, { queryKey: key })
      .setState({ status: 'error', error: new Error('refused'), fetchStatus: 'idle' });
  else if (read !== 'pending') client.setQueryData(key, read);
  const node = createElement(
    QueryClientProvider,
    { client },
    createElement(MemoryRouter, null, createElement(RuleBacktestCard, { rule, isDirty })),
  );
  return renderedIn(lang as TestLanguage, node);
}

/** The markup of the element with `testId` (its opening tag and what follows). */
const part = (html: string, testId: string) => {
  const at = html.indexOf(`data-testid="${testId}"`);
  return at < 0 ? null : html.slice(html.lastIndexOf('<', at), html.length);
};
const runButton = (html: string) =>
  /<button[^>]*data-testid="risk-backtest-run"[^>]*>/.exec(html)?.[0];
const textOf = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('the backtest card (issue 42, "Test on past traffic")', () => {
  it('says what a backtest reads and that it changes nothing, and shows none yet', async () => {
    const html = await card({ backtest: null });
    expect(textOf(html)).toContain(
      'Runs the rule’s saved version (now version 3) over the last 90 days of requests',
    );
    expect(textOf(html)).toContain('It changes nothing.');
    expect(part(html, 'risk-backtest-none')).toContain('No backtest yet.');
    expect(runButton(html)).not.toContain('disabled');
    expect(html).toContain('>Run backtest<');
  });

  it('shows a spinner while the newest backtest loads, and a retry when its read failed', async () => {
    const loading = await card('pending');
    expect(loading).toContain('role="status"');
    expect(loading).not.toContain('risk-backtest-none');
    const failed = await card('error');
    expect(part(failed, 'load-failed')).toContain('Retry');
    expect(failed).not.toContain('risk-backtest-state');
  });

  it('draws a running backtest as a named progress bar, and refuses a second run meanwhile', async () => {
    const html = await card({ backtest: RUNNING });
    const bar = /<div[^>]*role="progressbar"[^>]*>/.exec(html)?.[0] ?? '';
    expect(bar).toContain('aria-label="Backtest progress"');
    expect(bar).toContain('aria-valuenow="25"');
    expect(bar).toContain('aria-valuemin="0"');
    expect(bar).toContain('aria-valuemax="100"');
    expect(html).toContain('style="width:25%"');
    expect(textOf(html)).toContain('Running: 8 of 32 parts read.');
    expect(runButton(html)).toContain('disabled');
    expect(html).not.toContain('risk-backtest-result');
  });

  it('polls every second only while the backtest runs', () => {
    expect(backtestPollInterval(RUNNING)).toBe(1000);
    expect(backtestPollInterval(DONE)).toBe(false);
    expect(backtestPollInterval({ ...RUNNING, status: 'failed' })).toBe(false);
    expect(backtestPollInterval(null)).toBe(false);
    expect(backtestPollInterval(undefined)).toBe(false);
  });

  it('shows a finished backtest: counts, the summary per action and currency, and the sample', async () => {
    const html = await card({ backtest: DONE });
    expect(html).not.toContain('role="progressbar"');
    expect(part(html, 'risk-backtest-head')).toContain('Ran version 3');
    expect(html).not.toContain('risk-backtest-older');
    expect(textOf(part(html, 'risk-backtest-scanned')!)).toMatch(/^ 1,234,567 /);
    expect(textOf(part(html, 'risk-backtest-matched')!)).toMatch(/^ 1,503 /);
    const rows = html.split('data-testid="risk-backtest-summary-row"').slice(1).map(textOf);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(/^> Review THB 1,500 98,765,432.10 12 3 40 /);
    expect(rows[1]).toMatch(/^> Review USDT 3 150.50 0 0 1 /);
    // Dates in the user's zone (InstantText; no session here, so the default zone, UTC).
    expect(textOf(html)).toContain('Requests from 2026-09-04 00:00:00 – 2026-12-03 00:00:00');
    expect(textOf(part(html, 'risk-backtest-head')!)).toMatch(
      /^ Ran version 3 · admin@demo.test · 2026-12-03 09:15:00 /,
    );
    expect(runButton(html)).not.toContain('disabled');
    expect(html).toContain('>Run again<');
  });

  it('groups the sample by merchant, each id linking to its item in its kind’s list', async () => {
    const html = await card({ backtest: DONE });
    const groups = html.split('data-testid="risk-backtest-merchant"').slice(1);
    expect(groups.map((g) => /<bdi>([^<]*)<\/bdi>/.exec(g)?.[1])).toEqual(['MER00002', 'MER00001']);
    expect(groups[0]!.match(/risk-backtest-sample-row/g)).toHaveLength(2);
    expect(groups[0]).toContain('href="/payouts/list?search=po-9"');
    expect(groups[0]).toContain('href="/payouts/list?search=po-7"');
    expect(groups[1]).toContain('href="/transactions?search=pi%208"');
    expect(textOf(groups[1]!)).toContain('75,000.50 THB');
    expect(groups[1]).toContain('data-status="failed"');
  });

  it('says when the newest backtest ran an older version than the saved one', async () => {
    const html = await card({ backtest: DONE }, { rule: { ...RULE, current_version: 4 } });
    expect(textOf(part(html, 'risk-backtest-older')!)).toContain(
      'This backtest ran version 3; the rule is now at version 4. Run again to test it.',
    );
  });

  it('says when nothing matched, instead of empty tables', async () => {
    const html = await card({ backtest: { ...DONE, matched: 0, summary: [], sample: [] } });
    expect(part(html, 'risk-backtest-no-matches')).toContain('The rule matched nothing');
    expect(html).not.toContain('risk-backtest-summary');
  });

  it('shows why a backtest failed, with a run again', async () => {
    const failed = { ...RUNNING, status: 'failed' as const, error: 'canceling statement' };
    const html = await card({ backtest: failed });
    const alert = textOf(part(html, 'risk-backtest-failed')!);
    expect(alert).toContain('The backtest failed. canceling statement');
    expect(runButton(html)).not.toContain('disabled');
    expect(html).toContain('>Run again<');
    const silent = await card({ backtest: { ...failed, error: null } });
    expect(textOf(part(silent, 'risk-backtest-failed')!)).toContain(
      'It stopped without finishing.',
    );
  });

  it('asks to save first while the form has unsaved changes', async () => {
    const html = await card({ backtest: DONE }, { isDirty: true });
    expect(runButton(html)).toContain('disabled');
    expect(runButton(html)).toContain('aria-describedby="risk-backtest-save-first"');
    expect(part(html, 'risk-backtest-save-first')).toContain('Save your changes first');
  });

  it.each(['fr', 'es', 'zh', 'ar'] as const)('words every state in %s', async (lang) => {
    const words = TEST_LOCALES[lang].riskRules.backtest;
    const done = await card({ backtest: DONE }, { lang, rule: { ...RULE, current_version: 4 } });
    const running = await card({ backtest: RUNNING }, { lang, isDirty: true });
    const none = await card({ backtest: null }, { lang });
    for (const html of [done, running, none]) {
      expect(html).toContain(words.title);
      expect(html).not.toMatch(/\{\{|riskRules\./);
    }
    expect(done).toContain(words.columns.refunded);
    expect(textOf(done)).toContain('98,765,432.10');
    expect(running).toContain(`aria-label="${words.progress}"`);
    expect(running).toContain(words.saveFirst);
    expect(none).toContain(words.none);
  });
});
