import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { byTestId, rowOf } from './lists';
import { answerOf, openList, type Signed } from './money';

/** Fills field `name` (a select or a box) of the rule editor's condition `row` with `value`. */
export async function setRuleField(page: Page, row: number, name: string, value: string) {
  const field = byTestId(byTestId(page, `risk-condition-${row}`), `risk-field-${name}`);
  if ((await field.evaluate((el) => el.tagName)) === 'SELECT') await field.selectOption(value);
  else await field.fill(value);
}

/**
 * Approves held item `id` on the review queue (found by its order id) as `who`, checking the
 * confirmation's effect when one is given; answers the item's status after it. When another
 * reviewer must approve too, the outcome says so and is closed.
 */
export async function approveHeldAs(
  who: Signed,
  item: { readonly id: string; readonly order_id: string },
  effect?: string,
): Promise<string> {
  const { page } = who;
  await openList(page, `/risk/review?search=${item.order_id}`);
  await byTestId(rowOf(page, item.id), 'decide-approve').click();
  const dialog = byTestId(page, 'decision-dialog');
  await dialog.waitFor();
  if (effect !== undefined)
    expect(await byTestId(dialog, 'decision-effect').innerText()).toBe(effect);
  const answer = await answerOf<{ status: string }>(page, 'approveHeldItem', () =>
    byTestId(dialog, 'decision-confirm').click(),
  );
  if (answer.status === 'held_for_review') {
    const results = byTestId(page, 'decision-results');
    await results.waitFor();
    await results.locator('.modal-footer .btn-primary').click();
  }
  await dialog.waitFor({ state: 'detached' });
  return answer.status;
}
