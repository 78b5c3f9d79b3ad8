import type { Queryable } from './db';

/** How far this process's demo seed is, as main.ts reports it. */
export interface SeedProgress {
  /** A line for `/readyz` ("day 3 of 90 (2026-09-01), 40 s"), or 'done'. */
  readonly text: string;
  /** The day being made, from 1, of how many. */
  readonly day?: number;
  readonly days?: number;
}

let progress: SeedProgress | undefined;

/** main.ts reports the demo seed's progress here; `/readyz` and `getAppSettings` show it. */
export function reportSeedProgress(next: SeedProgress) {
  progress = next;
}

/** The demo world is complete, or how far it is while it is still being made. */
export type DemoSeedState = { done: true } | ({ done: false } & Partial<SeedProgress>);

/**
 * The one rule for "is the demo world complete": its marker is written (by whichever server
 * made it) and this process's own seed, when it runs one, has compacted the database too.
 */
export async function readDemoSeedState(db: Queryable): Promise<DemoSeedState> {
  const marker = await db.query(`SELECT 1 FROM settings WHERE key = 'demo_money_seeded'`);
  const ownIsDone = (progress?.text ?? 'done') === 'done';
  return marker.rows.length > 0 && ownIsDone ? { done: true } : { done: false, ...progress };
}
