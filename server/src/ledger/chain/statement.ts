import type { Db, Queryable } from '../../db/db';
import { readChainPage } from './page-read';
import { conflict } from '../../core/app-error';
import {
  merkleProof,
  type LinkContent,
  type ProofStep,
  type SealFacts,
  type SealedHead,
} from './chain-hash';
import { LINK_CONTENT_COLUMNS } from './chainer';

/**
 * A statement a merchant or reseller verifies offline (issue 44; docs/money.md, "A statement
 * the merchant can verify"): for each of the owner's ledger accounts in the currency, every
 * link chained between the seal before the period and the seal that ends it, the balances at
 * both seals, the Merkle proofs that tie both heads to the signed roots, and the seals with
 * their public keys. `tools/statement-verifier` checks it without the product.
 */
export const STATEMENT_FORMAT = 'bo-statement-1';

/** A seal as a statement carries it: what it signs, its signature and its public key. */
export interface StatementSeal extends SealFacts {
  readonly signature: string;
  readonly publicKey: string;
}

/** An account's head at a seal and the proof that the seal covers it (none at the chain's start). */
export interface StatementHead {
  readonly seq: string;
  readonly balance: string;
  readonly hash: string;
  readonly proof: readonly ProofStep[] | null;
}

export interface StatementLink extends LinkContent {
  readonly seq: string;
  readonly balance: string;
  /** The text its hash covers: `bo-ledger-1` or `bo-ledger-2` (chain-hash.ts). */
  readonly version: string;
}

export interface StatementAccount {
  readonly accountId: string;
  readonly purpose: string;
  readonly opening: StatementHead;
  readonly closing: StatementHead;
  readonly links: readonly StatementLink[];
}

export interface Statement {
  readonly format: typeof STATEMENT_FORMAT;
  readonly ownerId: string;
  readonly currency: string;
  /** The period asked for, UTC days, both inclusive. */
  readonly from: string;
  readonly to: string;
  readonly generatedAt: string;
  /** The seal before the period (null: the chain's start) and the first seal at or after its end. */
  readonly openingSeal: StatementSeal | null;
  readonly closingSeal: StatementSeal;
  readonly accounts: readonly StatementAccount[];
}

const SEAL_COLUMNS = `to_char(s.day, 'YYYY-MM-DD') AS day, s.sealed_at AS "sealedAt", s.heads,
  s.chained::text AS chained, encode(s.root, 'hex') AS root,
  encode(s.previous_root, 'hex') AS "previousRoot", encode(s.signature, 'hex') AS signature,
  k.public_key AS "publicKey"`;

async function sealAt(db: Queryable, where: string, day: string) {
  const { rows } = await db.query<StatementSeal & { sealedAt: Date }>(
    `SELECT ${SEAL_COLUMNS} FROM ledger_seals s JOIN seal_keys k ON k.id = s.key_id
      WHERE ${where} LIMIT 1`,
    [day],
  );
  const row = rows[0];
  return row ? { ...row, sealedAt: row.sealedAt.toISOString() } : null;
}

/** Every account's head as of a seal, with the balance its link carries. */
async function headsAt(db: Queryable, day: string) {
  const { rows } = await db.query<SealedHead & { balance: string }>(
    `SELECT DISTINCT ON (s.ledger_account_id) s.ledger_account_id::text AS "accountId", s.seq::text,
            encode(c.hash, 'hex') AS hash, c.balance::text
       FROM seal_heads s
       JOIN chain_links c ON c.ledger_account_id = s.ledger_account_id AND c.seq = s.seq
      WHERE s.day <= $1 ORDER BY s.ledger_account_id, s.day DESC`,
    [day],
  );
  return rows;
}

function headOf(
  heads: readonly (SealedHead & { balance: string })[],
  accountId: string,
): StatementHead {
  const head = heads.find((h) => h.accountId === accountId);
  if (!head) return { seq: '0', balance: '0', hash: '', proof: null };
  return {
    seq: head.seq,
    balance: head.balance,
    hash: head.hash,
    proof: merkleProof(heads, accountId),
  };
}

/** How many links a statement reads at a time (`linkPagesOf`). */
export const STATEMENT_LINK_PAGE = 5_000;

/** A statement without its links: all that is read before its first byte is sent. */
export interface StatementPlan {
  readonly head: Omit<Statement, 'accounts'>;
  readonly accounts: readonly Omit<StatementAccount, 'links'>[];
}

/**
 * The plan of the statement of `ownerId`'s accounts in `currency` for the UTC days
 * `from`..`to`: its seals and each account's heads. Refused (409) while the period's last day
 * is not sealed yet.
 */
export async function planStatement(
  db: Db,
  ownerId: string,
  currency: string,
  from: string,
  to: string,
  now = new Date(),
): Promise<StatementPlan> {
  const closingSeal = await sealAt(db, `s.day >= $1::date ORDER BY s.day`, to);
  if (!closingSeal)
    throw conflict(
      `The period is not sealed yet: a statement can end on a day whose seal is made (each day's seal is made five minutes after it ends, UTC)`,
    );
  const openingSeal = await sealAt(db, `s.day < $1::date ORDER BY s.day DESC`, from);
  const closingHeads = await headsAt(db, closingSeal.day);
  const openingHeads = openingSeal ? await headsAt(db, openingSeal.day) : [];
  const { rows: owned } = await db.query<{ id: string; purpose: string }>(
    `SELECT id::text, purpose FROM ledger_accounts
      WHERE owner_kind = 'account' AND owner_id = $1 AND currency = $2 ORDER BY purpose`,
    [ownerId, currency],
  );
  const accounts = owned.flatMap((account) => {
    const closing = headOf(closingHeads, account.id);
    if (closing.seq === '0') return [];
    const opening = headOf(openingHeads, account.id);
    return [{ accountId: account.id, purpose: account.purpose, opening, closing }];
  });
  const head = {
    format: STATEMENT_FORMAT,
    ownerId,
    currency,
    from,
    to,
    generatedAt: now.toISOString(),
    openingSeal,
    closingSeal,
  } as const;
  return { head, accounts };
}

/**
 * An account's links from its opening head (excluded) to its closing one, in order, a page of
 * `pageSize` at a time (by `seq`: links are never changed, so the pages are one whole).
 */
export async function* linkPagesOf(
  db: Db,
  account: Omit<StatementAccount, 'links'>,
  pageSize = STATEMENT_LINK_PAGE,
): AsyncGenerator<StatementLink[]> {
  let after = account.opening.seq;
  for (;;) {
    const rows = await readChainPage<StatementLink>(
      db,
      `SELECT c.seq::text, c.balance::text, 'bo-ledger-' || c.version AS version, ${LINK_CONTENT_COLUMNS}
         FROM ledger_chain c JOIN entries e ON e.id = c.entry_id LEFT JOIN journal j ON j.id = e.journal_id
        WHERE c.ledger_account_id = $1 AND c.seq > $2 AND c.seq <= $3 ORDER BY c.seq LIMIT $4`,
      [account.accountId, after, account.closing.seq, pageSize],
    );
    if (rows.length) yield rows;
    if (rows.length < pageSize) return;
    after = rows[rows.length - 1]!.seq;
  }
}

/**
 * A planned statement as JSON text, a page of links at a time: the very text of
 * `JSON.stringify` of the whole statement, never held whole in memory (the merchant API
 * streams it; a busy merchant's month is hundreds of thousands of links).
 */
export async function* statementJson(
  db: Db,
  plan: StatementPlan,
  pageSize = STATEMENT_LINK_PAGE,
): AsyncGenerator<string> {
  // An object's text up to its empty last array, open: `{…,"accounts":[`.
  const opened = (value: object) => JSON.stringify(value).slice(0, -2);
  yield opened({ ...plan.head, accounts: [] });
  for (const [i, account] of plan.accounts.entries()) {
    yield `${i ? ',' : ''}${opened({ ...account, links: [] })}`;
    let first = true;
    for await (const page of linkPagesOf(db, account, pageSize)) {
      yield `${first ? '' : ','}${page.map((link) => JSON.stringify(link)).join(',')}`;
      first = false;
    }
    yield ']}';
  }
  yield ']}';
}

/**
 * The statement `planStatement` plans, whole in memory (the back office's call, whose screen
 * keeps it to write the readable copy). Refused (409) while the period's last day is not
 * sealed yet.
 */
export async function buildStatement(...ask: Parameters<typeof planStatement>): Promise<Statement> {
  const [db] = ask;
  const plan = await planStatement(...ask);
  const accounts: StatementAccount[] = [];
  for (const account of plan.accounts) {
    const links: StatementLink[] = [];
    for await (const page of linkPagesOf(db, account)) links.push(...page);
    accounts.push({ ...account, links });
  }
  return { ...plan.head, accounts };
}
