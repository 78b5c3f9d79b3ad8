import type { Browser, BrowserContext, Page } from 'playwright-core';
import { parseAmount } from '@bo/contract';
import { openAuditedPage } from './audited-page';
import { openPage } from './browser';
import {
  callAs,
  closeTwoFactorReminder,
  isCall,
  signInKeepingSession,
  type ApiSession,
} from './dashboard';
import { listSettled } from './lists';

/** A page signed in as one demo user, with its session for direct calls. */
export interface Signed {
  readonly context: BrowserContext;
  readonly page: Page;
  readonly session: ApiSession;
}

/**
 * Signs `email` in on a fresh context of the shared browser (kept in `contexts` to close);
 * `audited`: an audited page (`openAuditedPage`: axe-core may be injected, screens watched).
 */
export async function signedAs(
  browser: Browser,
  baseUrl: string,
  email: string,
  contexts: BrowserContext[],
  { audited = false }: { audited?: boolean } = {},
): Promise<Signed> {
  const { context, page } = audited
    ? await openAuditedPage(browser, baseUrl)
    : await openPage(browser, baseUrl);
  contexts.push(context);
  const session = await signInKeepingSession(page, email);
  await closeTwoFactorReminder(page);
  return { context, page, session };
}

/** Opens a list at `path` and waits until its rows (or its empty state) are shown. */
export async function openList(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await closeTwoFactorReminder(page);
  await listSettled(page);
}

/** The signed-in merchant's available balance in `currency`, in minor units. */
export async function availableOf({ page, session }: Signed, currency: string): Promise<bigint> {
  const r = await callAs<{ balances: { currency: string; available: string }[] }>(
    page,
    session,
    'getReportBalanceForResellerMerchant',
    { currency },
  );
  return parseAmount(r.balances.find((b) => b.currency === currency)!.available, currency)!;
}

/** Waits for the call's answer caused by `act` and returns its data (a 200 expected: else throws). */
export async function answerOf<T>(
  page: Page,
  call: string,
  act: () => Promise<unknown>,
): Promise<T> {
  const answered = page.waitForResponse((r) => isCall(r.request(), call));
  await act();
  const body = (await (await answered).json()) as { status: number; message: string; data: T };
  if (body.status !== 200) throw new Error(`${call}: ${body.status} ${body.message}`);
  return body.data;
}
