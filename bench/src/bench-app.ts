import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config/config';
import type { Db } from '../../server/src/db/db';
import { BENCH_SANDBOX_SECRET } from './bench-secret';

/**
 * The back office on a bench world's database, as the read benches time it: production mode,
 * silent, no money jobs (nothing moves while calls are timed).
 */
export function buildReadApp(db: Db, url: string): ReturnType<typeof buildApp> {
  const config = loadConfig(
    {
      LOG_LEVEL: 'silent',
      NODE_ENV: 'production',
      NO_MONEY_JOBS: '1',
      DATABASE_URL: url,
      SANDBOX_SECRET: BENCH_SANDBOX_SECRET,
    },
    [],
  );
  return buildApp(db, config);
}
