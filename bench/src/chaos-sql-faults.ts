import type { Queryable } from '../../server/src/db/db';

/** The tables whose writes can be made to fail: the money paths' (journal, items, keys, notices). */
const FAULTED_TABLES = [
  'journal',
  'reservations',
  'payins',
  'payouts',
  'refunds',
  'idempotency_keys',
  'merchant_notifications',
];

/**
 * Serialization and deadlock failures without touching the product's code (issue 45): a
 * `chaos` schema whose knob says how often, and statement triggers before writes to the money
 * tables that raise the knob's SQLSTATE on every `every`-th such statement (a sequence: a
 * rolled-back retry draws again). Only inside an explicit transaction (a statement started
 * after its transaction did), where the product retries 40001 and 40P01 (`withRetries`); a
 * lone statement is never failed, so what is tested is the retry, not a failure the product
 * does not claim to survive.
 */
const INSTALL_SQL = `
CREATE SCHEMA chaos;
CREATE TABLE chaos.knobs (
  one boolean PRIMARY KEY DEFAULT true CHECK (one),
  every integer NOT NULL DEFAULT 0,
  code text NOT NULL DEFAULT '40001'
);
INSERT INTO chaos.knobs DEFAULT VALUES;
CREATE SEQUENCE chaos.tick;
CREATE FUNCTION chaos.maybe_fail() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE k chaos.knobs;
BEGIN
  SELECT * INTO k FROM chaos.knobs;
  IF k.every > 0 AND statement_timestamp() > transaction_timestamp()
     AND nextval('chaos.tick') % k.every = 0 THEN
    RAISE EXCEPTION 'chaos: injected failure %', k.code USING ERRCODE = k.code;
  END IF;
  RETURN NULL;
END $$;
${FAULTED_TABLES.map(
  (t) =>
    `CREATE TRIGGER chaos_fault BEFORE INSERT OR UPDATE ON ${t} FOR EACH STATEMENT EXECUTE FUNCTION chaos.maybe_fail();`,
).join('\n')}
`;

/** Installs the chaos triggers (off) in the migrated database `db` writes to. */
export const installSqlFaults = (db: Queryable) => db.exec(INSTALL_SQL);

/** From now on every `every`-th write statement in a transaction fails with `code`; 0: none. */
export const setSqlFaults = (db: Queryable, every: number, code: '40001' | '40P01' = '40001') =>
  db.query('UPDATE chaos.knobs SET every = $1, code = $2', [every, code]).then(() => undefined);

/** Takes the triggers and the `chaos` schema away (before the checks read the database). */
export async function removeSqlFaults(db: Queryable): Promise<void> {
  for (const t of FAULTED_TABLES) await db.query(`DROP TRIGGER IF EXISTS chaos_fault ON ${t}`);
  await db.query('DROP SCHEMA IF EXISTS chaos CASCADE');
}
