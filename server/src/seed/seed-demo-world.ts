import type { Db } from '../db/db';
import { seedDemoAccounts } from './demo-accounts';
import { seedDemoMoney } from './demo-money';

/** Seeds the demo world in one transaction; running it again changes nothing. */
export async function seedDemoWorld(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await seedDemoAccounts(tx);
  });
  // The money history: one transaction per day, through the lifecycle code.
  await seedDemoMoney(db);
}
