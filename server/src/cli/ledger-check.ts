import { loadConfig } from '../config/config';
import { openDatabase } from '../db/open';
import { findLedgerDrift } from '../ledger/invariants';
import { registerMoneyKinds } from '../kind-registry/money-kinds';

/** `npm run ledger:check`: checks the configured database's books; exits 1 naming each drift. */
async function main() {
  registerMoneyKinds();
  const db = await openDatabase(loadConfig());
  try {
    const drift = await findLedgerDrift(db, 1000);
    if (drift.length) {
      for (const line of drift) console.error(line);
      console.error(`ledger:check found ${drift.length} drift(s)`);
      process.exitCode = 1;
    } else {
      console.log('ledger:check: every journal balances, balances and rollups match the journal');
    }
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
});
