import pg from 'pg';
import { BENCH_GATEWAY, createScratchDatabase, prepareDatabase } from './bench-db';

/**
 * The routing world of `BENCH_ROUTING=1 npm run bench:ingest` (issue 43; docs/routing.md,
 * "Speed"): the bench database, with or without a platform profile for THB pay-ins that runs
 * every kind of step. Its rules, split and success-rate step run in full for every pay-in,
 * and every decision lands on the bench gateway (the one active THB gateway, which the load
 * client answers for): the others are inactive, so a pick of them falls back to it, as a
 * profile naming a gateway that went down does.
 */
const PROFILE = {
  steps: [
    {
      rules: [
        {
          when: { amount: { currency: 'THB', op: 'gte', value: '1000000' } },
          gateways: ['SBX-THB-2'],
        },
        {
          when: { timeOfDay: { from: '02:00', to: '03:00' } },
          gateways: ['SBX-THB-2', BENCH_GATEWAY],
        },
        { when: { currency: { in: ['THB'] } }, gateways: [BENCH_GATEWAY, 'SBX-THB-2'] },
      ],
    },
    {
      split: [
        { gateway: BENCH_GATEWAY, percent: 90 },
        { gateway: 'SBX-THB-2', percent: 10 },
      ],
    },
    { successRate: { windowMinutes: 15, explorePercent: 5, minAttempts: 20 } },
  ],
};

/** A fresh bench database; with `routing`, the profile above in force (written as a save would). */
export async function routingDatabase(
  routing: boolean,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const scratch = await createScratchDatabase('bo_bench_route');
  await (await prepareDatabase('postgres', scratch.url, 4)).close();
  if (!routing) return scratch;
  const client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
  try {
    await insertPlatformProfile(client, 'THB', PROFILE, 'bench');
  } finally {
    await client.end();
  }
  return scratch;
}

/**
 * Puts a platform pay-in profile in force for `currency` on a bench database, as an approved
 * save would leave it (version 1, active, asked by the first admin).
 */
export async function insertPlatformProfile(
  client: pg.Client,
  currency: string,
  definition: unknown,
  note: string,
): Promise<void> {
  await client.query(
    `WITH p AS (
       INSERT INTO routing_profiles (id, scope, account_id, currency, direction, current_version, active, updated_at)
       VALUES (gen_random_uuid(), 'platform', NULL, $1, 'payin', 1, true, now()) RETURNING id)
     INSERT INTO routing_profile_versions (profile_id, version, definition, note, created_by, created_at)
     SELECT p.id, 1, $2::jsonb, $3, (SELECT id FROM accounts WHERE account_type = 'admin' ORDER BY account_db_code LIMIT 1), now()
       FROM p`,
    [currency, JSON.stringify(definition), note],
  );
}
