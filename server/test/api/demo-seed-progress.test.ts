import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportSeedProgress } from '../../src/db/demo-seed-state';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * While the demo world is still being made on a first start, getAppSettings says so (and how
 * far), so that screens show a word of loading instead of balances beside all-zero figures.
 */
describe('getAppSettings while the demo world is being made', () => {
  let seeding: TestApp;
  let plain: TestApp;
  beforeAll(async () => {
    seeding = await startTestApp({ NO_SEED_DEMO: '' });
    plain = await startTestApp();
  });
  afterAll(async () => {
    reportSeedProgress({ text: 'done' });
    await Promise.all([seeding.close(), plain.close()]);
  });
  const demoSeed = async (t: TestApp) =>
    (await t.call<{ demo_seed: unknown }>('getAppSettings')).data.demo_seed;

  it('answers the day being made until the history is written and compacted, then null', async () => {
    expect(await demoSeed(seeding)).toEqual({ day: null, days: null });
    reportSeedProgress({ text: 'day 3 of 90 (2026-09-01), 40 s', day: 3, days: 90 });
    expect(await demoSeed(seeding)).toEqual({ day: 3, days: 90 });
    await seeding.db.query(
      `INSERT INTO settings (key, value) VALUES ('demo_money_seeded', '2026-11-26')`,
    );
    reportSeedProgress({ text: 'compacting the embedded database' });
    expect(await demoSeed(seeding)).toEqual({ day: null, days: null });
    reportSeedProgress({ text: 'done' });
    expect(await demoSeed(seeding)).toBeNull();
  });

  it('is null when no demo world was asked for', async () => {
    reportSeedProgress({ text: 'day 1 of 90', day: 1, days: 90 });
    expect(await demoSeed(plain)).toBeNull();
    reportSeedProgress({ text: 'done' });
  });
});
