import type { Browser, Page, Request } from 'playwright-core';
import { DEMO_PASSWORD, openPage, settle } from './browser';

export { closeTwoFactorReminder } from './browser';

/** A signed-in session's credentials, as every call carries them (spec section 7). */
export interface ApiSession {
  readonly token: string;
  readonly username: string;
}

/**
 * Signs in through the form (as `signIn` does) and keeps the token the server answered with, so
 * the test can make the same calls as the page through `page.request`.
 */
export async function signInKeepingSession(page: Page, email: string): Promise<ApiSession> {
  if (new URL(page.url()).pathname !== '/login') await page.goto('/login');
  const answered = page.waitForResponse((r) => r.url().endsWith('/controller/admin/login'));
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.locator('[data-testid="login-form"] button[type="submit"]').click();
  const body = (await (await answered).json()) as { data?: { token?: string; username?: string } };
  await page.waitForURL((url) => url.pathname !== '/login');
  await settle(page);
  if (!body.data?.token || !body.data.username) throw new Error(`no session for ${email}`);
  return { token: body.data.token, username: body.data.username };
}

/** Calls the API with the session's token through the page's request context; returns `data`. */
export async function callAs<T>(
  page: Page,
  session: ApiSession,
  name: string,
  fields: Record<string, string> = {},
): Promise<T> {
  const response = await page.request.post(`/controller/admin/${name}`, {
    multipart: { accessToken: session.token, accessUsername: session.username, ...fields },
  });
  const body = (await response.json()) as { status: number; message: string; data: T };
  if (body.status !== 200) throw new Error(`${name}: ${body.status} ${body.message}`);
  return body.data;
}

/** Saves the user's language as the profile form would (the other profile fields kept). */
export async function setLanguage(
  page: Page,
  session: ApiSession,
  lang: 'ar' | 'en',
): Promise<void> {
  const full = await callAs<{ profileInfo: Record<string, string | null> }>(
    page,
    session,
    'getUserFullData',
  );
  const profile = full.profileInfo;
  await callAs(page, session, 'updateProfile', {
    name: profile.name ?? '',
    phone: profile.phone ?? '',
    telegram_id: profile.telegram_id ?? '',
    timezone: profile.timezone ?? 'Default',
    lang,
  });
}

/** A field of a multipart call the page sent (the web app posts multipart form data). */
export function formFieldOf(request: Request, name: string): string | null {
  const body = request.postData() ?? '';
  const match = new RegExp(`name="${name}"\\r\\n\\r\\n([^\\r]*)\\r\\n`).exec(body);
  return match ? match[1]! : null;
}

/** True for a request to the named back-office call. */
export const isCall = (request: Request, name: string) =>
  request.method() === 'POST' && request.url().endsWith(`/controller/admin/${name}`);

/**
 * An exact decimal string ("1234.5", "-0.25", "99887212655") as an integer count of 10^-8
 * units, so a test can order amounts without a JS number.
 */
export function scaledAmount(text: string): bigint {
  const [whole = '0', fraction = ''] = text.trim().split('.');
  const negative = whole.startsWith('-');
  const digits = `${negative ? whole.slice(1) : whole}${fraction.padEnd(8, '0').slice(0, 8)}`;
  const value = BigInt(digits || '0');
  return negative ? -value : value;
}

/** Approves a guarded setting change as admin2@, the second admin it waits for. */
export async function approveAsSecondAdmin(browser: Browser, baseUrl: string, id: string) {
  const { context, page } = await openPage(browser, baseUrl);
  try {
    const session = await signInKeepingSession(page, 'admin2@demo.test');
    await callAs(page, session, 'approveSettingChange', { id });
  } finally {
    await context.close();
  }
}

/**
 * Runs `run` in Arabic: the user's saved language set to Arabic (it applies at sign-in, so the
 * page signs out and in again; `run` gets the new session), then English saved back whatever
 * happened.
 */
export async function whileInArabic(
  page: Page,
  email: string,
  session: ApiSession,
  run: (session: ApiSession) => Promise<void>,
): Promise<void> {
  await setLanguage(page, session, 'ar');
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
  const current = await signInKeepingSession(page, email);
  try {
    await run(current);
  } finally {
    await setLanguage(page, current, 'en');
  }
}
