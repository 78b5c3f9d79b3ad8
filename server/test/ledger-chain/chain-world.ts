import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import type { Db, Queryable } from '../../src/db/db';
import { accountKey, platformKey } from '../../src/ledger/ledger-accounts';
import { postJournals } from '../../src/ledger/postings';
import {
  linkHashOf,
  merkleRoot,
  sealMessage,
  type LinkContent,
  type LinkVersion,
  type SealedHead,
} from '../../src/ledger/chain/chain-hash';
import { LINK_CONTENT_COLUMNS } from '../../src/ledger/chain/chainer';
import type { SealKeySettings } from '../../src/ledger/chain/seal-keys';

/** The seal keys' settings in these tests: a secret of their own, a generated key. */
export const SEAL_SETTINGS: SealKeySettings = {
  sealKeySecret: 'a-test-seal-key-secret',
  sealPrivateKey: undefined,
};

export const DAY_MS = 86_400_000;
export const daysAgo = (n: number, now = Date.now()) => new Date(now - n * DAY_MS);
export const dayText = (d: Date) => d.toISOString().slice(0, 10);

/** Posts an adjustment-like journal between a merchant's available balance and the platform's fees. */
export async function postAt(
  db: Db,
  merchantId: string,
  amount: bigint,
  at: Date,
  details: Record<string, string> = { note: 'a test movement' },
) {
  const [journalId] = await db.transaction((tx) =>
    postJournals(tx, [
      {
        ownerAccountId: merchantId,
        kind: 'adjustment.credit',
        refType: 'chain_test',
        refId: crypto.randomUUID(),
        createdAt: at,
        details,
        entries: [
          { account: accountKey(merchantId, 'THB', 'available'), amount },
          { account: platformKey('THB', 'platform_fees'), amount: -amount },
        ],
      },
    ]),
  );
  const { rows } = await db.query<{ id: string }>(
    `SELECT id::text FROM entries WHERE journal_id = $1 ORDER BY id`,
    [journalId],
  );
  return { journalId: journalId!, entryIds: rows.map((r) => r.id) };
}

/** Runs `change` with the append-only triggers of `tables` off, as someone with database rights could. */
export async function behindTheProductsBack(
  db: Queryable,
  tables: string[],
  change: () => Promise<unknown>,
) {
  for (const t of tables) await db.query(`ALTER TABLE ${t} DISABLE TRIGGER USER`);
  try {
    await change();
  } finally {
    for (const t of tables) await db.query(`ALTER TABLE ${t} ENABLE TRIGGER USER`);
  }
}

/**
 * What someone with the code and database rights but without the platform's key would do to
 * hide a change: recompute every link of `accountId`, every seal's root, and sign the seals
 * with a key of their own.
 */
export async function rechainAndResign(db: Queryable, accountId: string): Promise<KeyObject> {
  const { rows } = await db.query<LinkContent & { seq: string; version: LinkVersion }>(
    `SELECT c.seq::text, c.version, ${LINK_CONTENT_COLUMNS}
       FROM ledger_chain c JOIN entries e ON e.id = c.entry_id LEFT JOIN journal j ON j.id = e.journal_id
      WHERE c.ledger_account_id = $1 ORDER BY c.seq`,
    [accountId],
  );
  let previous = '';
  let balance = 0n;
  for (const row of rows) {
    balance += BigInt(row.amount);
    previous = linkHashOf(
      row.version,
      { previous, seq: row.seq, balance: balance.toString() },
      row,
    );
    await db.query(
      `UPDATE ledger_chain SET hash = decode($1, 'hex'), balance = $2 WHERE entry_id = $3`,
      [previous, balance.toString(), row.entryId],
    );
  }
  await db.query(
    `UPDATE ledger_chain_heads SET hash = decode($1, 'hex'), balance = $2 WHERE ledger_account_id = $3`,
    [previous, balance.toString(), accountId],
  );
  const forged = generateKeyPairSync('ed25519').privateKey;
  const { rows: seals } = await db.query<{
    day: string;
    sealed_at: Date;
    heads: number;
    chained: string;
  }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, sealed_at, heads, chained::text FROM ledger_seals ORDER BY day`,
  );
  let previousRoot = '';
  for (const seal of seals) {
    const { rows: heads } = await db.query<SealedHead>(
      `SELECT DISTINCT ON (s.ledger_account_id) s.ledger_account_id::text AS "accountId", s.seq::text,
              encode(c.hash, 'hex') AS hash
         FROM seal_heads s JOIN chain_links c ON c.ledger_account_id = s.ledger_account_id AND c.seq = s.seq
        WHERE s.day <= $1 ORDER BY s.ledger_account_id, s.day DESC`,
      [seal.day],
    );
    const facts = {
      day: seal.day,
      sealedAt: seal.sealed_at.toISOString(),
      heads: seal.heads,
      chained: seal.chained,
      root: merkleRoot(heads),
      previousRoot,
    };
    await db.query(
      `UPDATE ledger_seals SET root = decode($1, 'hex'), previous_root = decode($2, 'hex'), signature = $3 WHERE day = $4`,
      [facts.root, previousRoot, sign(null, sealMessage(facts), forged), seal.day],
    );
    previousRoot = facts.root;
  }
  return forged;
}
