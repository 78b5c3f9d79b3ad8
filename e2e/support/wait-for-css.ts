import type { Page } from 'playwright-core';

/**
 * Waits until an element that matches the CSS `selector` is in the page (`attached`), none is
 * (`detached`), the first is shown (`visible`: a box, not hidden) or not (`hidden`: none, or the
 * first not shown), looking at every frame and again after a navigation. Playwright's
 * `locator.waitFor` looks at 0, 20, 70, 170 and 270 ms, then every 500 ms, so a screen ready at
 * 300 ms was seen at 770 ms; the suite's hot waits (a screen's title, the 2FA reminder, a list's
 * answer, a success note) use this instead. Plain CSS, in the page's own document.
 */
export async function waitForCss(
  page: Page,
  selector: string,
  state: 'attached' | 'detached' | 'visible' | 'hidden' = 'attached',
  timeout = 30_000,
): Promise<void> {
  await page.waitForFunction(
    ([css, wanted]) => {
      const element = document.querySelector(css);
      if (wanted === 'attached' || wanted === 'detached')
        return (element !== null) === (wanted === 'attached');
      const box = element?.getBoundingClientRect();
      const shown =
        !!element &&
        !!box &&
        box.width > 0 &&
        box.height > 0 &&
        element.checkVisibility({ visibilityProperty: true });
      return wanted === 'visible' ? shown : !shown;
    },
    [selector, state] as const,
    { timeout },
  );
}

/** Waits until the layout's preloader (spec section 4: a 1.5 s timer) has gone. */
export const preloaderGone = (page: Page) =>
  waitForCss(page, '[data-testid="preloader"]', 'detached');
