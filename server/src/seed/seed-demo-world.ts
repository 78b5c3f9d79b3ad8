import type { Db } from '../db/db';
import { seedDemoAccounts } from './demo-accounts';

/** Seeds the demo world in one transaction; running it again changes nothing. */
export async function seedDemoWorld(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await seedDemoAccounts(tx);
  });
}
