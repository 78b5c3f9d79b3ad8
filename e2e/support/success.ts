import type { Page } from 'playwright-core';

/**
 * Waits for the success note an action ends with (the app's one polite live region), answers
 * its text and dismisses it, so the next note of the test is its own.
 */
export async function takeSuccessNote(page: Page): Promise<string> {
  const note = page.locator('[data-testid="success-notes"] [data-testid="success-note"]').first();
  await note.waitFor();
  const text = (await note.innerText()).trim();
  await note.locator('.btn-close').click();
  await note.waitFor({ state: 'detached' });
  return text;
}

/** The refusal a dialog shows inside itself (never a popup over it). */
export const dialogRefusal = (page: Page) => page.locator('[role="dialog"] [role="alert"]').first();
