import { addBulkAccounts, growWorld } from './dashboard-world';
import { openBulkWorld, type BulkWorld } from './bulk-world';
import { addReportWorld } from './report-world';
import { addGatewayReferences } from './search-cases';

/*
 * The worlds of bench:growth (issue 46): the same traffic a day, kept for longer. A world is
 * bench:reports' (the bulk accounts, MER00001 with BIG_MERCHANT_LANES of its lanes in THB, the
 * journals, entries and report rollups of every row) with bench:search's gateway references.
 */

/** MER00001's THB lanes, as bench:reports: about an eighth of the pay-ins. */
const BIG_MERCHANT_LANES = 60;

/** Pay-ins in flight (created in the last 20 minutes), the same at every size. */
const IN_FLIGHT = 1000;

/** How big a world is: its pay-ins, spread evenly over its days. */
export interface GrowthSize {
  readonly label: string;
  readonly payins: number;
  readonly days: number;
  /** A kept world of this size to measure again (its URL), instead of building one. */
  readonly reuseUrl?: string;
}

/** Opens the kept world of `size`, or builds it (its steps' times printed). */
export function openGrowthWorld(size: GrowthSize, log: (line: string) => void): Promise<BulkWorld> {
  return openBulkWorld(
    `bo_bench_growth_${size.label}`,
    size.reuseUrl,
    async (db) => {
      const started = Date.now();
      log(
        `World ${size.label}: ${size.payins.toLocaleString('en')} pay-ins over ${size.days} days`,
      );
      await addBulkAccounts(db);
      await growWorld(db, 0, size.payins, log, {
        bigMerchantThbLanes: BIG_MERCHANT_LANES,
        bulkLoad: true,
        days: size.days,
        inFlight: IN_FLIGHT,
      });
      await addReportWorld(db, log);
      await addGatewayReferences(db, log);
      // The references' update left a dead version of a pay-in in a hundred: vacuumed now, so
      // index-only reads of pay-ins see every page visible, as autovacuum would leave them.
      await db.query('VACUUM (ANALYZE) payins');
      log(`World ${size.label} built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    },
    log,
  );
}
