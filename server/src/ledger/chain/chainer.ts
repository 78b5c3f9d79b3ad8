import type { Db, Queryable } from '../../db/db';
import {
  CURRENT_LINK_VERSION,
  journalDigest,
  linkHashOf,
  type LinkContent,
  type LinkVersion,
} from './chain-hash';
import { runChain, type ChainSource } from './chain-runner';

/**
 * Each entry's content as a link covers it: exact text for every value (amounts, microsecond
 * times, the journal's jsonb as PostgreSQL prints it). Shared with the check, which recomputes
 * every link from the rows as they are now.
 */
export const LINK_CONTENT_COLUMNS = `
  e.id::text AS "entryId", e.journal_id::text AS "journalId",
  e.ledger_account_id::text AS "accountId", e.currency, e.amount::text AS amount,
  (extract(epoch FROM e.created_at) * 1000000)::bigint::text AS "entryAt",
  coalesce(j.kind, '') AS kind, coalesce(j.ref_type, '') AS "refType",
  coalesce(j.ref_id::text, '') AS "refId", coalesce(j.owner_account_id::text, '') AS "ownerId",
  coalesce(j.contract_id::text, '') AS "contractId", coalesce(j.details::text, '') AS details,
  coalesce((extract(epoch FROM j.created_at) * 1000000)::bigint::text, '') AS "journalAt"`;

interface Head {
  seq: bigint;
  balance: bigint;
  hash: string;
}

/**
 * Chains the entries committed since the last run (docs/money.md, "The chain and its seals"):
 * each gets the next link of its account's chain. Runs after the entries' own transactions,
 * so the append path pays nothing (chain-runner.ts has the order and the holes). Returns how
 * many entries it chained.
 */
export const chainEntries = (
  db: Db,
  version: LinkVersion = CURRENT_LINK_VERSION,
): Promise<number> => runChain(db, entriesIn(version));

/**
 * The content of the entries `where` picks, in id order (`$1`: its parameter). Read as two
 * statements, the entries and then their journals, so a journal's kind, reference and details
 * (the same for each of its three or four entries) are printed and sent once.
 */
async function contentOf(
  tx: Queryable,
  where: string,
  param: unknown,
  limit: number,
): Promise<EntryLink[]> {
  const { rows: entries } = await tx.query<EntryPart>(
    `SELECT e.id::text AS "entryId", e.journal_id::text AS "journalId",
            e.ledger_account_id::text AS "accountId", e.currency, e.amount::text AS amount,
            (extract(epoch FROM e.created_at) * 1000000)::bigint::text AS "entryAt"
       FROM entries e WHERE ${where} ORDER BY e.id LIMIT ${limit}`,
    [param],
  );
  if (!entries.length) return [];
  const { rows: journals } = await tx.query<JournalPart & { id: string }>(
    `SELECT j.id::text, j.kind, j.ref_type AS "refType", j.ref_id::text AS "refId",
            j.owner_account_id::text AS "ownerId", coalesce(j.contract_id::text, '') AS "contractId",
            j.details::text AS details,
            (extract(epoch FROM j.created_at) * 1000000)::bigint::text AS "journalAt"
       FROM journal j WHERE j.id = ANY($1::uuid[])`,
    [[...new Set(entries.map((e) => e.journalId))]],
  );
  const byId = new Map(journals.map((j) => [j.id, j]));
  return entries.map((e) => {
    const j = byId.get(e.journalId) ?? NO_JOURNAL;
    return {
      ...e,
      id: e.entryId,
      kind: j.kind,
      refType: j.refType,
      refId: j.refId,
      ownerId: j.ownerId,
      contractId: j.contractId,
      details: j.details,
      journalAt: j.journalAt,
    };
  });
}

type EntryPart = Pick<
  LinkContent,
  'entryId' | 'journalId' | 'accountId' | 'currency' | 'amount' | 'entryAt'
>;
type JournalPart = Omit<LinkContent, keyof EntryPart>;
/** An entry whose journal is missing is chained with empty journal fields (ledger:check names it). */
const NO_JOURNAL: JournalPart = {
  kind: '',
  refType: '',
  refId: '',
  ownerId: '',
  contractId: '',
  details: '',
  journalAt: '',
};

/**
 * Appends each row's link to its account's chain, in the rows' order, in `version`'s text, and
 * moves the heads.
 */
async function chainRows(tx: Queryable, rows: readonly LinkContent[], version: LinkVersion) {
  const heads = await headsOf(tx, [...new Set(rows.map((r) => r.accountId))]);
  // A journal's digest once for its three or four entries.
  const digests = new Map<string, string>();
  const digestOf = (c: LinkContent) => {
    const digest = digests.get(c.journalId) ?? journalDigest(c);
    digests.set(c.journalId, digest);
    return digest;
  };
  const links = rows.map((content) => {
    const head = heads.get(content.accountId) ?? { seq: 0n, balance: 0n, hash: '' };
    const next: Head = {
      seq: head.seq + 1n,
      balance: head.balance + BigInt(content.amount),
      hash: '',
    };
    next.hash = linkHashOf(
      version,
      { previous: head.hash, seq: next.seq.toString(), balance: next.balance.toString() },
      content,
      version === 1 ? undefined : digestOf(content),
    );
    heads.set(content.accountId, next);
    return { entryId: content.entryId, accountId: content.accountId, ...next };
  });
  await tx.query(
    `INSERT INTO ledger_chain (entry_id, ledger_account_id, seq, balance, hash, version)
     SELECT e, a, s, b, decode(h, 'hex'), $6 FROM unnest($1::bigint[], $2::uuid[], $3::bigint[], $4::bigint[], $5::text[]) AS t(e, a, s, b, h)`,
    [
      links.map((l) => l.entryId),
      links.map((l) => l.accountId),
      links.map((l) => l.seq.toString()),
      links.map((l) => l.balance.toString()),
      links.map((l) => l.hash),
      version,
    ],
  );
  const moved = [...heads];
  await tx.query(
    `INSERT INTO ledger_chain_heads (ledger_account_id, seq, balance, hash)
     SELECT a, s, b, decode(h, 'hex') FROM unnest($1::uuid[], $2::bigint[], $3::bigint[], $4::text[]) AS t(a, s, b, h)
     ON CONFLICT (ledger_account_id) DO UPDATE SET seq = excluded.seq, balance = excluded.balance, hash = excluded.hash`,
    [
      moved.map(([id]) => id),
      moved.map(([, h]) => h.seq.toString()),
      moved.map(([, h]) => h.balance.toString()),
      moved.map(([, h]) => h.hash),
    ],
  );
}

async function headsOf(tx: Queryable, accountIds: string[]): Promise<Map<string, Head>> {
  const { rows } = await tx.query<{ id: string; seq: string; balance: string; hash: string }>(
    `SELECT ledger_account_id::text AS id, seq::text, balance::text, encode(hash, 'hex') AS hash
       FROM ledger_chain_heads WHERE ledger_account_id = ANY($1::uuid[])`,
    [accountIds],
  );
  return new Map(
    rows.map((r) => [r.id, { seq: BigInt(r.seq), balance: BigInt(r.balance), hash: r.hash }]),
  );
}

type EntryLink = LinkContent & { id: string };

/** The entries as a chain source whose links are written in `version` (tests write old ones). */
const entriesIn = (version: LinkVersion): ChainSource<EntryLink> => ({
  progressTable: 'ledger_chain_progress',
  idColumn: 'e.id',
  read: contentOf,
  append: (tx, rows) => chainRows(tx, rows, version),
});
