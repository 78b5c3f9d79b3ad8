import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { takeSuccessNote } from './success';
import { preloaderGone, waitForCss } from './wait-for-css';

export { DEMO_PASSWORD, pathOf, settle, signIn } from './sign-in';
const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../screenshots');

/**
 * The suite's one Chromium (started by the global setup, `chromium-options.ts`), connected to
 * by each file; closing the connection closes only the contexts the file made.
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.connect(inject('browserWsEndpoint'));
}

/**
 * What every browser profile of the suite opens with: a user who asked for reduced motion, so
 * that no chart animates and no skeleton pulses while a test reads the screen. Motion is only
 * decoration here (docs/accessibility.md), and an animation the page keeps running costs
 * Chromium frames for as long as the page is open (a third of the suite's browser time).
 */
export const SUITE_CONTEXT = { reducedMotion: 'reduce' } as const;

/** A fresh browser profile (own storage), like another device. */
export async function openPage(
  browser: Browser,
  baseUrl: string,
  viewport = { width: 1440, height: 900 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ ...SUITE_CONTEXT, baseURL: baseUrl, viewport });
  const page = await context.newPage();
  return { context, page };
}

export const REMINDER = '.bo-popup-two-factor';

/** The signed-in layout of a page that does not pop the 2FA reminder (and never will). */
export const NO_REMINDER_DUE = '#layout-wrapper[data-two-factor-reminder="none"]';

/**
 * Closes the 2FA reminder when the page on show pops it. The signed-in layout says whether it
 * does (`data-two-factor-reminder`: due, closed once it was, or none), so nothing is guessed
 * from time: a page that
 * pops it is waited on until the popup is up (up to `appearWithin` ms: SweetAlert2's chunk can
 * take seconds on a loaded machine), then Escape, pressed again when the first press came
 * before SweetAlert2 was listening (while it animates in). A sign-in page (the guest frame,
 * `data-guest-page` naming the path on show, not the page still there while the next loads)
 * has no reminder: it returns at once. A page with neither (an action page) is waited on for
 * 15 s, then taken to have none. A page whose popup was closed already returns at once.
 */
export async function closeTwoFactorReminder(page: Page, appearWithin = 15_000): Promise<void> {
  // The reminder's state as the layout of the page on show says it (`data-layout-page`: the
  // layout of the page being left may still be up, its popup closed, the next one's to come).
  const reminderState = await page
    .waitForFunction(
      () => {
        const layout = document.querySelector<HTMLElement>('#layout-wrapper[data-layout-page]');
        if (layout)
          return layout.dataset.layoutPage === location.pathname
            ? (layout.dataset.twoFactorReminder ?? null)
            : null;
        const guest = document.querySelector<HTMLElement>('[data-guest-page]');
        return guest?.dataset.guestPage === location.pathname ? 'guest' : null;
      },
      undefined,
      { timeout: 15_000 },
    )
    .then((found) => found.jsonValue())
    .catch(() => null);
  if (reminderState !== 'due') return;
  try {
    await waitForCss(page, REMINDER, 'visible', appearWithin);
  } catch {
    return;
  }
  for (let attempt = 0; attempt < 5; attempt += 1) {
    await waitForCss(page, `${REMINDER}.swal2-show`, 'attached', 2_000).catch(() => {});
    await page.keyboard.press('Escape');
    try {
      await waitForCss(page, REMINDER, 'hidden', 2_000);
      return;
    } catch {
      // Not listening yet: press again.
    }
  }
  throw new Error('the 2FA reminder did not close');
}

/** The side menu (or horizontal menu) as `label -> path` lines, in order. */
export function readMenu(page: Page, testId: 'sidebar' | 'horizontal-nav' = 'sidebar') {
  return page
    .locator(`[data-testid="${testId}"] [data-menu-item]`)
    .evaluateAll((links) =>
      links.map(
        (a) =>
          `${a.getAttribute('data-menu-item')} -> ${new URL((a as HTMLAnchorElement).href).pathname}`,
      ),
    );
}

/** Saves a screenshot (the viewport, or the whole page with `fullPage`) under e2e/screenshots/. */
export async function screenshot(page: Page, name: string, fullPage = false): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage });
  return file;
}

/** A full-page screenshot at `file` once the list's loading overlay has gone. */
export async function settledShot(page: Page, file: string): Promise<void> {
  await preloaderGone(page);
  await page.screenshot({ path: file, fullPage: true });
}

/** Calls the back-office API directly (multipart, like the web app). */
export async function callApi(
  baseUrl: string,
  name: string,
  fields: Record<string, string>,
): Promise<{ status: number; message: string; data?: unknown }> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  const response = await fetch(`${baseUrl}/controller/admin/${name}`, {
    method: 'POST',
    body: form,
  });
  return (await response.json()) as { status: number; message: string; data?: unknown };
}

/**
 * Exports the list on screen through its export button in `format`: the file's name and
 * bytes, read through Playwright (the browser is connected to: its files are not on this
 * side's disk, so `download.path()` is not there).
 */
export async function downloadExport(
  page: Page,
  format: 'csv' | 'xlsx',
): Promise<{ fileName: string; bytes: Buffer }> {
  // Playwright cannot answer the browser's own save dialog (File System Access API): the page
  // saves as a browser without that dialog does, by a download.
  await withoutSaveDialog(page);
  const button = page.locator('[data-testid="list-export-button"]');
  await button.click();
  const downloaded = page.waitForEvent('download');
  await page.locator(`[data-testid="list-export-${format}"]`).click();
  const download = await downloaded;
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  // The button comes back once the file is saved: the next export can start.
  await button.waitFor();
  // The note that says so is read and dismissed, so the test's next note is its own.
  const note = await takeSuccessNote(page);
  if (!note.includes(download.suggestedFilename()))
    throw new Error(`the export ended with the note "${note}"`);
  return { fileName: download.suggestedFilename(), bytes: Buffer.concat(chunks) };
}

/** The page as in a browser without the save dialog (`showSaveFilePicker`): exports download. */
export async function withoutSaveDialog(page: Page): Promise<void> {
  await page.evaluate(() =>
    Object.defineProperty(window, 'showSaveFilePicker', { value: undefined, configurable: true }),
  );
}
