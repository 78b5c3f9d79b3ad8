import { verify } from 'node:crypto';
import type { Db, Queryable } from '../../db/db';
import { ADMIN_LOG_CHAIN_ID, merkleRoot, sealMessage, type SealedHead } from './chain-hash';
import { checkAdminLogChain } from './admin-log-chain';
import {
  dayOfMicros,
  previousSealDay,
  sealedSeqsByChain,
  type SealedSeqsByChain,
} from './seal-days';
import { openSealKey, publicKeyFrom } from './seal-keys';
import { findBrokenLinks, type WalkFindings } from './link-check';

/**
 * What `ledger:check` finds in the chain and its seals (docs/money.md, "The chain and its
 * seals"), each problem one line naming the first broken link: a changed entry or journal, a
 * removed link or entry, an entry written below the chain's mark or into a sealed day, a head
 * that is not its chain's end, a seal whose root, order or signature does not hold, a key that
 * does not open. The links are checked inside the database (link-check.ts): only the broken
 * ones come back, so memory stays flat.
 */
export async function findChainBreaks(db: Db, sealKeySecret: string, limit = 1000) {
  const [seals, sealedSeqs] = await Promise.all([sealsOf(db), sealedSeqsByChain(db)]);
  const sealDays = seals.map((s) => s.day);
  // One walk of the chain beside the entries finds both the broken links and the entries it
  // passed without a link.
  const walk = findBrokenLinks(db, limit);
  // The checks run side by side, each on its own connection (the links' segments too), and
  // their problems are listed in this order.
  const found = await Promise.all(
    [
      (note: Note) => checkKeys(db, sealKeySecret, note),
      (note: Note) => checkSeals(db, seals, note),
      (note: Note) => checkLinks(db, walk, sealedSeqs, sealDays, note),
      (note: Note) => checkAdminLogChain(db, sealedSeqs.get(ADMIN_LOG_CHAIN_ID), sealDays, note),
      (note: Note) => checkUnchained(db, walk, note),
    ].map(async (check) => {
      const problems: string[] = [];
      await check((line) => problems.length < limit && problems.push(line));
      return problems;
    }),
  );
  return found.flat().slice(0, limit);
}

type Note = (line: string) => void;

interface Seal {
  day: string;
  sealed_at: Date;
  heads: number;
  chained: string;
  root: string;
  previous_root: string;
  signature: string;
  public_key: string;
}

const sealsOf = async (db: Queryable) =>
  (
    await db.query<Seal>(
      `SELECT to_char(s.day, 'YYYY-MM-DD') AS day, s.sealed_at, s.heads, s.chained::text,
              encode(s.root, 'hex') AS root, encode(s.previous_root, 'hex') AS previous_root,
              encode(s.signature, 'hex') AS signature, k.public_key
         FROM ledger_seals s JOIN seal_keys k ON k.id = s.key_id ORDER BY s.day`,
    )
  ).rows;

async function checkKeys(db: Queryable, secret: string, note: Note) {
  const { rows } = await db.query<{
    id: string;
    public_key: string;
    private_key_encrypted: string;
  }>(`SELECT id, public_key, private_key_encrypted FROM seal_keys ORDER BY created_at`);
  for (const row of rows) {
    try {
      openSealKey(secret, row);
    } catch (error) {
      note(
        `seal key ${row.id} does not open with SEAL_KEY_SECRET or was changed: a key the platform did not make (${error instanceof Error ? error.message : error})`,
      );
    }
  }
}

/** Each seal's signature, its link to the seal before, and its root recomputed from the heads. */
async function checkSeals(db: Queryable, seals: readonly Seal[], note: Note) {
  const { rows } = await db.query<{
    day: string;
    accountId: string;
    seq: string;
    hash: string | null;
  }>(
    `SELECT to_char(s.day, 'YYYY-MM-DD') AS day, s.ledger_account_id::text AS "accountId", s.seq::text,
            encode(c.hash, 'hex') AS hash
       FROM seal_heads s
       LEFT JOIN chain_links c ON c.ledger_account_id = s.ledger_account_id AND c.seq = s.seq
      ORDER BY s.day`,
  );
  const heads = new Map<string, SealedHead>();
  let at = 0;
  let previous = '';
  for (const seal of seals) {
    for (; at < rows.length && rows[at]!.day <= seal.day; at++) {
      const h = rows[at]!;
      heads.set(h.accountId, { accountId: h.accountId, seq: h.seq, hash: h.hash ?? 'missing' });
    }
    const facts = {
      day: seal.day,
      sealedAt: seal.sealed_at.toISOString(),
      heads: seal.heads,
      chained: seal.chained,
      root: seal.root,
      previousRoot: seal.previous_root,
    };
    if (
      !verify(
        null,
        sealMessage(facts),
        publicKeyFrom(seal.public_key),
        Buffer.from(seal.signature, 'hex'),
      )
    )
      note(
        `seal of ${seal.day}: its signature does not verify with its key: the seal was changed or signed without the platform's key`,
      );
    if (seal.previous_root !== previous)
      note(`seal of ${seal.day} does not follow the seal before it: a seal was removed or changed`);
    const root = merkleRoot([...heads.values()]);
    if (root !== seal.root || heads.size !== seal.heads)
      note(
        `seal of ${seal.day}: the account heads it covers no longer give its root: a sealed link was changed or removed`,
      );
    previous = seal.root;
  }
}

/**
 * Every account's chain checked link by link inside the database (link-check.ts), its segments
 * side by side; each broken link named here, in chain order: a removed link, a deleted entry, a
 * changed one, a wrong balance, and one dated on or before the seal before the first seal that
 * covers it (written into a sealed day).
 */
async function checkLinks(
  db: Db,
  walk: Promise<WalkFindings>,
  sealedSeqs: SealedSeqsByChain,
  sealDays: readonly string[],
  note: Note,
) {
  for (const row of (await walk).links) {
    const where = `entry ${row.entryIdOfLink} (link ${row.seq} of account ${row.linkAccount})`;
    const seq = BigInt(row.seq);
    if (seq !== BigInt(row.previousSeq) + 1n)
      note(
        `${where} does not follow link ${row.previousSeq}: a link or entry was removed from the chain`,
      );
    if (row.missing) {
      note(`${where} is chained but the entry is gone: an entry was deleted`);
      continue;
    }
    if (row.changed)
      note(`${where} no longer matches its link: its amount, account, time or journal was changed`);
    else if (row.badBalance)
      note(`${where} carries a balance that is not the one before it plus its amount`);
    // The exact rule; the database picked the links it may hold for (link-check.ts).
    const sealedAfter = previousSealDay(sealedSeqs.get(row.linkAccount), sealDays, seq);
    if (sealedAfter && dayOfMicros(row.entryAt) <= sealedAfter)
      note(
        `${where} is dated ${dayOfMicros(row.entryAt)} but was chained after the seal of ${sealedAfter}: it was written into a sealed day`,
      );
  }
  await checkHeads(db, note);
}

async function checkHeads(db: Queryable, note: Note) {
  const { rows } = await db.query<{ account: string }>(
    `WITH RECURSIVE chained AS (
       -- The accounts with links, one index descent each (ledger_chain_pkey), not a pass over
       -- every link.
       (SELECT ledger_account_id AS id FROM ledger_chain ORDER BY ledger_account_id LIMIT 1)
       UNION ALL
       SELECT (SELECT c.ledger_account_id FROM ledger_chain c WHERE c.ledger_account_id > chained.id
                ORDER BY c.ledger_account_id LIMIT 1)
         FROM chained WHERE chained.id IS NOT NULL
     )
     SELECT h.ledger_account_id::text AS account FROM ledger_chain_heads h
      WHERE NOT EXISTS (SELECT 1 FROM chain_links c
                         WHERE c.ledger_account_id = h.ledger_account_id AND c.seq = h.seq
                           AND c.hash = h.hash AND c.balance = h.balance)
         -- A link past the head, as the chain's last place (one index descent; an EXISTS over
         -- the view read the whole chain for every head: 63 s at 37 M links).
         OR h.seq < CASE WHEN h.ledger_account_id = $1::uuid THEN (SELECT max(seq) FROM admin_log_chain)
                         ELSE (SELECT max(c.seq) FROM ledger_chain c
                                WHERE c.ledger_account_id = h.ledger_account_id) END
     UNION ALL
     SELECT a.id::text FROM (
       SELECT id FROM chained WHERE id IS NOT NULL
       UNION ALL
       SELECT $1::uuid WHERE EXISTS (SELECT 1 FROM admin_log_chain)
     ) a
      WHERE NOT EXISTS (SELECT 1 FROM ledger_chain_heads h WHERE h.ledger_account_id = a.id)`,
    [ADMIN_LOG_CHAIN_ID],
  );
  for (const r of rows)
    note(
      `the chain head of ${r.account === ADMIN_LOG_CHAIN_ID ? 'the admin log' : `account ${r.account}`} is not the last link of its chain`,
    );
}

/**
 * Entries at or below the chain's mark that were never chained (written behind its back), as
 * the walk found them, and entries with two links (a link copied in): the unique index on the
 * links' entries keeps those out, so they are looked for only when that index is gone or
 * changed, which is itself named.
 */
async function checkUnchained(db: Queryable, walk: Promise<WalkFindings>, note: Note) {
  if (!(await oneLinkPerEntryIsKept(db))) {
    note(
      `the index that keeps one link per entry (ledger_chain_entry_key) is gone or changed: it was dropped behind the product's back`,
    );
    const { rows: twice } = await db.query<{ id: string }>(
      `SELECT entry_id::text AS id FROM ledger_chain GROUP BY entry_id HAVING count(*) > 1 ORDER BY 1 LIMIT 100`,
    );
    for (const r of twice)
      note(`entry ${r.id} has more than one link: a link was copied into the chain`);
  }
  for (const id of (await walk).unchained.slice(0, 100))
    note(
      `entry ${id} was never chained though the chain passed it: it was written behind the chain's back`,
    );
}

/** Whether `ledger_chain_entry_key` is still a valid unique index on the links' entry ids alone. */
async function oneLinkPerEntryIsKept(db: Queryable): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM pg_index i
      WHERE i.indexrelid = to_regclass('ledger_chain_entry_key')
        AND i.indrelid = 'ledger_chain'::regclass AND i.indisunique AND i.indisvalid
        AND i.indnatts = 1 AND i.indpred IS NULL AND i.indexprs IS NULL
        AND i.indkey[0] = (SELECT attnum FROM pg_attribute
                            WHERE attrelid = 'ledger_chain'::regclass AND attname = 'entry_id')`,
  );
  return rows.length === 1;
}
