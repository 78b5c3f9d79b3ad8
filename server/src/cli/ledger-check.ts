import { loadConfig } from '../config/config';
import { openDatabase } from '../db/open';
import { findLedgerDrift } from '../ledger/invariants';
import { chainAll } from '../ledger/chain/chain-all';
import { findChainBreaks } from '../ledger/chain/chain-check';
import { registerMoneyKinds } from '../kind-registry/money-kinds';

/**
 * `npm run ledger:check`: checks the configured database's books (every journal balances,
 * balances and rollups match the journal) and its history (the chain and its seals: docs/money.md,
 * "The chain and its seals"); exits 1 naming each drift and each broken link. Entries not yet
 * chained are chained first, as the running server would.
 */
async function main() {
  registerMoneyKinds();
  const config = loadConfig();
  const db = await openDatabase(config);
  try {
    await chainAll(db);
    const drift = [
      ...(await findLedgerDrift(db, 1000)),
      ...(await findChainBreaks(db, config.sealKeySecret, 1000)),
    ];
    if (drift.length) {
      for (const line of drift) console.error(line);
      console.error(`ledger:check found ${drift.length} drift(s)`);
      process.exitCode = 1;
    } else {
      console.log(
        'ledger:check: every journal balances, balances and rollups match the journal, and the chain and its seals hold',
      );
    }
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
});
