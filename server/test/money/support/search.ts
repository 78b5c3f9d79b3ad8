import type { SearchGroup } from '@bo/contract';
import { expect } from 'vitest';
import type { MoneyApp } from './money-app';

/** The ids the global search finds for `email` per kind (a reconciliation line: run:seq). */
export async function foundBySearch(
  t: MoneyApp,
  email: string,
  text: string,
): Promise<Record<string, string[]>> {
  const r = await t.as<{ groups: SearchGroup[] }>(email, 'globalSearch', { text });
  expect(r.status, r.message).toBe(200);
  return Object.fromEntries(
    r.data.groups.map((g) => [
      g.kind,
      g.hits.map((h) => ('id' in h ? h.id : `${h.run_id}:${h.seq}`)),
    ]),
  );
}
