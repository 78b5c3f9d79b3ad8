import type { Page } from 'playwright-core';
import { waitForCss } from './wait-for-css';

/**
 * Waits for the success note an action ends with (the app's one polite live region), answers
 * its text and dismisses it, so the next note of the test is its own.
 */
export async function takeSuccessNote(page: Page): Promise<string> {
  const css = '[data-testid="success-notes"] [data-testid="success-note"]';
  await waitForCss(page, css, 'visible');
  const note = page.locator(css).first();
  const text = (await note.innerText()).trim();
  await note.locator('.btn-close').click();
  await waitForCss(page, css, 'detached');
  return text;
}

/** The refusal a dialog shows inside itself (never a popup over it). */
export const dialogRefusal = (page: Page) => page.locator('[role="dialog"] [role="alert"]').first();
