import type { Page } from 'playwright-core';
import {
  formatAmount,
  formatCount,
  formatMoney,
  parseAmount,
  type FigureTotal,
} from '@bo/contract';
import { closeTwoFactorReminder, isCall } from './dashboard';

/**
 * The walk of every figure on a screen (issue 44): each figure that opens something (a link
 * that names the total it is, `a[data-equals]`, or the lists a figure adds up, `cell-lists`) is
 * opened, and the total it names
 * (`data-equals`: the entries' net, closing…, a list's count, amount, fee…, a report column's
 * total) is read from the opened view's own answer and compared with the figure as shown.
 */

const FIGURES = 'a[data-equals], [data-testid="cell-lists"]';

/** A figure as the screen shows it, and the views whose totals, added up, it is. */
interface ShownFigure {
  readonly index: number;
  readonly hrefs: readonly string[];
  readonly equals: FigureTotal;
  readonly shown: string;
}

/** What a walk found: figures checked, views opened, and each mismatch in words. */
export interface WalkResult {
  readonly figures: number;
  readonly opened: number;
  /** Figures read again from a fresh load (they moved meanwhile, or did not match). */
  readonly readAgain: number;
  readonly problems: string[];
}

/** Whether two readings are of one figure: the same place, opening the same views. */
const same = (a: ShownFigure, b: ShownFigure) =>
  a.index === b.index && a.hrefs.join() === b.hrefs.join();

/** Every figure on screen that opens something, in document order. */
function figuresOn(page: Page): Promise<ShownFigure[]> {
  return page.locator(FIGURES).evaluateAll((elements) =>
    elements.map((el, index) => {
      const split = el.getAttribute('data-testid') === 'cell-lists';
      const hrefs = split
        ? Array.from(el.querySelectorAll('a'), (a) => a.getAttribute('href') ?? '')
        : [el.getAttribute('href') ?? ''];
      // A figure two lists add up to is the plain figure of its cell, before the links; a link
      // that names its figure (a pending bar's) holds it in its <bdi>.
      const figure = split
        ? el.closest('td')?.querySelector('bdi')
        : (el.querySelector('bdi') ?? el);
      return {
        index,
        hrefs,
        equals: el.getAttribute('data-equals') as FigureTotal,
        // Its text even where folded away (a closed <details> renders none: no innerText).
        shown: figure?.textContent?.trim() ?? '',
      };
    }),
  );
}

/** The call whose answer holds a view's totals, by the view's path. */
function totalsCallOf(href: string): string {
  const path = new URL(href, 'http://x').pathname;
  if (path === '/ledger-entries') return 'getLedgerEntries';
  if (path === '/all-currency-balance') return 'getAllCurrencyBalance';
  return 'getListTotals';
}

type Answer = Record<string, unknown> & { totals?: Record<string, unknown>[] };

/** A view's total that a figure names, in minor units (a count as is). */
function totalIn(
  answer: Answer,
  href: string,
  equals: FigureTotal,
): { value: bigint; currency: string } {
  const query = new URL(href, 'http://x').searchParams;
  const call = totalsCallOf(href);
  const lines = answer.totals ?? [];
  if (call === 'getLedgerEntries') {
    const line = lines[0] as Record<string, string> | undefined;
    if (!line) throw new Error(`${href}: no totals`);
    const currency = line.currency!;
    const read = (field: string) => parseAmount(line[field] ?? '0', currency)!;
    const value =
      equals === 'outflow'
        ? -read('net')
        : equals === 'closing_negated'
          ? -read('closing')
          : read(equals);
    return { value, currency };
  }
  const currency = query.get('currency') ?? '';
  if (call === 'getAllCurrencyBalance') {
    const column = equals.replace(/^total:/, '');
    const line = lines[0] as Record<string, string> | undefined;
    return { value: parseAmount(line?.[column] ?? '0', currency)!, currency };
  }
  if (answer.capped) throw new Error(`${href}: its totals are capped, not exact`);
  const line = (lines as Record<string, unknown>[]).find((l) => l.currency === currency);
  if (currency && lines.some((l) => l.currency !== currency))
    throw new Error(`${href}: totals in other currencies than ${currency}`);
  if (equals === 'count') {
    // A count in every currency (no currency chosen) adds up each currency's line.
    const counted = currency ? (line ? [line] : []) : lines;
    return { value: counted.reduce((n, l) => n + BigInt(Number(l.count ?? 0)), 0n), currency };
  }
  const split = line?.fee_split as Record<string, string> | null | undefined;
  const field = equals === 'amount_negated' ? 'amount' : equals;
  const text =
    field === 'amount' || field === 'fee' ? (line?.[field] as string | undefined) : split?.[field];
  if (line && text === undefined) throw new Error(`${href}: its totals have no ${field}`);
  const value = parseAmount(text ?? '0', currency)!;
  return { value: equals === 'amount_negated' ? -value : value, currency };
}

/** A figure's text without grouping, spaces or currency code: "1,234.50 THB" → "1234.50". */
const bare = (text: string) => text.replace(/[^\d.-]/g, '');

/** The figure the totals make, as the screen would show it. */
function shownOf(equals: FigureTotal, value: bigint, currency: string): string {
  return equals === 'count'
    ? formatCount(value)
    : formatMoney(formatAmount(value, currency), currency);
}

/**
 * Opens `href` by a click on a link to it (any: they open the same view; the screen may have
 * drawn its parts in another order since it was read), waits for the view's totals, and
 * answers them, with what is wrong with the view's note of the figure clicked, if anything;
 * the page is on the view.
 */
async function openView(page: Page, href: string): Promise<{ answer: Answer; note?: string }> {
  const call = totalsCallOf(href);
  const answered = page.waitForResponse((r) => isCall(r.request(), call), { timeout: 0 });
  const link = page.locator(`a[href=${JSON.stringify(href)}]`).first();
  // A link folded away (the chart's points under their <details>) is unfolded first, as a
  // reader would.
  await link.evaluate((a) => {
    for (
      let fold = a.closest('details');
      fold;
      fold = fold.parentElement?.closest('details') ?? null
    )
      fold.open = true;
  });
  // A figure's own link (not one of the lists a figure adds up) tells the view what it is.
  const clicked = await link.evaluate((a) =>
    a.closest('[data-testid="cell-lists"]')
      ? null
      : {
          equals: a.getAttribute('data-equals') ?? '',
          shown: (a.querySelector('bdi') ?? a).textContent?.trim() ?? '',
        },
  );
  await link.click();
  const body = (await (await answered).json()) as { status: number; data: Answer };
  await closeTwoFactorReminder(page);
  const at = new URL(page.url());
  if (at.pathname + at.search !== href)
    throw new Error(`opened ${at.pathname}${at.search}, not ${href}`);
  if (body.status !== 200) throw new Error(`${call} for ${href}: ${body.status}`);
  return { answer: body.data, note: clicked ? await noteProblem(page, href, clicked) : undefined };
}

/**
 * Whether the opened view says which of its totals the clicked figure is, and that figure as
 * the screen showed it (`OpenedFigureNote`): what is wrong, in words, or undefined.
 */
async function noteProblem(page: Page, href: string, clicked: { equals: string; shown: string }) {
  const note = page.locator('[data-testid="opened-figure"]');
  await note.waitFor({ state: 'attached' });
  const said = await note.evaluate((el) => ({
    equals: el.getAttribute('data-equals'),
    shown: el.querySelector('bdi')?.textContent?.trim(),
  }));
  return said.equals === clicked.equals && said.shown === clicked.shown
    ? undefined
    : `${href} says it was opened from ${said.shown} (${said.equals}), ` +
        `not ${clicked.shown} (${clicked.equals})`;
}

/**
 * Walks every figure of the screen `open` shows (it loads the screen afresh and resolves once
 * its figures are on show): opens each figure's views once (a click, then back), compares, and
 * on a mismatch reads both again from a fresh load, up to `attempts` times in all (other
 * browser files add traffic meanwhile: today's figures move). Answers what it found.
 */
export async function walkEveryFigure(
  page: Page,
  where: string,
  open: () => Promise<void>,
  attempts = 3,
): Promise<WalkResult> {
  await open();
  let figures = await figuresOn(page);
  const problems: string[] = [];
  let opened = 0;
  let readAgain = 0;
  // Each view's answer, read once per load of the screen: figures that open the same view (an
  // opening and a closing) name two of its totals.
  const answers = new Map<string, Answer>();
  let onScreen = true;
  /** Back on the screen from a view (in the app: its history, no reload). */
  const backToScreen = async () => {
    if (onScreen) return;
    await page.goBack();
    await closeTwoFactorReminder(page);
    onScreen = true;
  };
  for (const [i, first] of figures.entries()) {
    for (let attempt = 1; ; attempt++) {
      let current = figures[i]!;
      if (current.hrefs.some((href) => !answers.has(href))) {
        // Back on the screen, the figure as shown now, just before its views are read (a
        // dashboard refreshes itself: what it showed a minute ago may have moved since).
        await backToScreen();
        current = (await figuresOn(page)).find((f) => same(f, current)) ?? current;
      }
      let sum = 0n;
      let currency = '';
      for (const href of current.hrefs) {
        let answer = answers.get(href);
        if (!answer) {
          await backToScreen();
          const view = await openView(page, href);
          answer = view.answer;
          if (view.note) problems.push(`${where}: figure ${i}: ${view.note}`);
          answers.set(href, answer);
          opened++;
          onScreen = false;
        }
        const total = totalIn(answer, href, current.equals);
        sum += total.value;
        currency = total.currency;
      }
      const expected = shownOf(current.equals, sum, currency);
      if (bare(expected) === bare(current.shown)) break;
      if (attempt >= attempts) {
        problems.push(
          `${where}: figure ${i} shows ${current.shown}, its ${current.equals} of ` +
            `${current.hrefs.join(' + ')} is ${expected}`,
        );
        break;
      }
      // Read again from a fresh load: every figure as now shown (those still to come too: they
      // are compared with views read from now on), then this one's views.
      await open();
      onScreen = true;
      readAgain++;
      answers.clear();
      const fresh = await figuresOn(page);
      if (!fresh.some((f) => same(f, first))) {
        problems.push(`${where}: figure ${i} (${first.hrefs.join(' + ')}) is gone`);
        break;
      }
      figures = figures.map((f) => fresh.find((g) => same(g, f)) ?? f);
    }
  }
  return { figures: figures.length, opened, readAgain, problems };
}
