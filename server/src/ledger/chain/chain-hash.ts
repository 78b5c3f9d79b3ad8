import { createHash } from 'node:crypto';

/**
 * The chain's hashes (docs/money.md, "The chain and its seals"). The offline verifier
 * (tools/statement-verifier) recomputes the same bytes with plain Node, and ledger:check with
 * PostgreSQL's own functions (link-hash-sql.ts). Change nothing here without a new version tag:
 * old links and seals must stay verifiable.
 */
export const LINK_VERSION = 'bo-ledger-1';
export const LINK_VERSION_2 = 'bo-ledger-2';
export const JOURNAL_DIGEST_VERSION = 'bo-journal-2';
export const SEAL_VERSION = 'bo-seal-1';

/** A link's version as `ledger_chain.version` stores it: 1 for `bo-ledger-1`, 2 for `bo-ledger-2`. */
export type LinkVersion = 1 | 2;
/** The version the chainer writes. */
export const CURRENT_LINK_VERSION: LinkVersion = 2;

/** What one link covers: the entry, its journal, and the account's chain position. */
export interface LinkContent {
  readonly entryId: string;
  readonly journalId: string;
  readonly accountId: string;
  readonly currency: string;
  /** Signed minor units, as text. */
  readonly amount: string;
  /** Microseconds since the epoch, as text (exact, unlike a JS Date). */
  readonly entryAt: string;
  readonly kind: string;
  readonly refType: string;
  readonly refId: string;
  readonly ownerId: string;
  readonly contractId: string;
  /** The journal's details as PostgreSQL prints its jsonb. */
  readonly details: string;
  readonly journalAt: string;
}

export interface LinkPosition {
  /** The previous link's hash in hex; '' for an account's first link. */
  readonly previous: string;
  readonly seq: string;
  /** The account's balance after this entry. */
  readonly balance: string;
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * The link's hash in hex, in the text its version covers (`journal`: its journal's digest, when
 * the caller keeps one per journal).
 */
export const linkHashOf = (
  version: LinkVersion,
  position: LinkPosition,
  c: LinkContent,
  journal?: string,
) => (version === 1 ? linkHash(position, c) : linkHashV2(position, c, journal));

/** The link's hash in `bo-ledger-1`, in hex: sha256 over a JSON array of strings. */
export function linkHash(position: LinkPosition, c: LinkContent): string {
  return sha256(
    JSON.stringify([
      LINK_VERSION,
      position.previous,
      position.seq,
      position.balance,
      c.entryId,
      c.journalId,
      c.accountId,
      c.currency,
      c.amount,
      c.entryAt,
      c.kind,
      c.refType,
      c.refId,
      c.ownerId,
      c.contractId,
      c.details,
      c.journalAt,
    ]),
  );
}

/** Microseconds from the Unix epoch to PostgreSQL's (2000-01-01), which `timestamptz_send` counts from. */
const PG_EPOCH_MICROS = 946_684_800_000_000;
const LINK_TAG = Buffer.from(LINK_VERSION_2);
const JOURNAL_TAG = Buffer.from(JOURNAL_DIGEST_VERSION);
const NO_DIGEST = '00'.repeat(32);

/** Fields written in turn into one buffer, as PostgreSQL's send functions write them. */
class Fields {
  private at = 0;
  constructor(private readonly bytes: Buffer) {}
  raw(part: Buffer) {
    this.at += part.copy(this.bytes, this.at);
    return this;
  }
  int8(value: string) {
    return this.integer(value, 0);
  }
  /** Microseconds since the Unix epoch, as 8 bytes since PostgreSQL's. */
  time(micros: string) {
    return this.integer(micros, PG_EPOCH_MICROS);
  }
  /** A decimal integer less `less`, as 8 bytes, two's complement, big-endian. */
  private integer(value: string, less: number) {
    const n = value.length < 16 ? Number(value) - less : null;
    if (n === null || !Number.isSafeInteger(n))
      this.at = this.bytes.writeBigInt64BE(BigInt(value) - BigInt(less), this.at);
    else {
      // Exact below 2^53 (the common case, without a BigInt): the high and low 32 bits.
      const high = Math.floor(n / 0x1_0000_0000);
      this.bytes.writeInt32BE(high, this.at);
      this.at = this.bytes.writeUInt32BE(n - high * 0x1_0000_0000, this.at + 4);
    }
    return this;
  }
  hex(bytes: string) {
    this.at += this.bytes.write(bytes, this.at, 'hex');
    return this;
  }
  uuid(id: string) {
    this.at += this.bytes.write(id.replaceAll('-', ''), this.at, 'hex');
    return this;
  }
  /** Its UTF-8 length in 4 bytes, then its bytes. */
  sized(text: string) {
    const size = this.bytes.write(text, this.at + 4, 'utf8');
    this.at = this.bytes.writeInt32BE(size, this.at) + size;
    return this;
  }
  text(text: string) {
    this.at += this.bytes.write(text, this.at, 'utf8');
    return this;
  }
  /** sha256 over the fields, in hex. */
  digest(): string {
    return createHash('sha256').update(this.bytes.subarray(0, this.at)).digest('hex');
  }
}

/** Room for fixed fields plus these texts' UTF-8 (at most three bytes a UTF-16 unit). */
const room = (fixed: number, ...texts: string[]) =>
  Buffer.allocUnsafe(texts.reduce((n, t) => n + 4 + 3 * t.length, fixed));

/**
 * A journal's digest in `bo-journal-2`, in hex (32 bytes; zeros for a journal that was missing when its
 * entry was chained): sha256 over the tag, the journal's id, owner and reference (16 bytes
 * each), a byte 0 for no contract or 1 and its id, the time (PostgreSQL's 8 bytes), the kind
 * and reference type (each its UTF-8 length in 4 bytes, then its bytes) and last its details as
 * PostgreSQL prints the jsonb. A journal's entries share it, so ledger:check hashes it once.
 */
export function journalDigest(c: LinkContent): string {
  if (c.journalAt === '') return NO_DIGEST;
  const fields = new Fields(room(80, c.kind, c.refType, c.details))
    .raw(JOURNAL_TAG)
    .uuid(c.journalId)
    .uuid(c.ownerId)
    .uuid(c.refId);
  if (c.contractId) fields.raw(CONTRACT).uuid(c.contractId);
  else fields.raw(NO_CONTRACT);
  return fields.time(c.journalAt).sized(c.kind).sized(c.refType).text(c.details).digest();
}
const CONTRACT = Buffer.from([1]);
const NO_CONTRACT = Buffer.from([0]);

/**
 * The link's hash in `bo-ledger-2`, in hex: sha256 over fixed-width fields as PostgreSQL sends
 * them (`int8send`, `uuid_send`, `timestamptz_send`): the tag, the previous link's hash (32 zero
 * bytes for the first), the seq, the balance, the entry's id, account, amount and time, its
 * journal's id and digest (`journal`: that digest when the caller has it already), and last
 * the currency's bytes. No JSON and no text of numbers: about half the cost of `bo-ledger-1`
 * for the check (docs/money.md).
 */
export function linkHashV2(
  position: LinkPosition,
  c: LinkContent,
  journal: string = journalDigest(c),
): string {
  return new Fields(room(160, c.currency))
    .raw(LINK_TAG)
    .hex(position.previous || NO_DIGEST)
    .int8(position.seq)
    .int8(position.balance)
    .int8(c.entryId)
    .uuid(c.accountId)
    .int8(c.amount)
    .time(c.entryAt)
    .uuid(c.journalId)
    .hex(journal)
    .text(c.currency)
    .digest();
}

/** One account's head as a seal covers it. */
export interface SealedHead {
  readonly accountId: string;
  readonly seq: string;
  readonly hash: string;
}

export const headLeaf = (h: SealedHead) =>
  sha256(JSON.stringify(['leaf', h.accountId, h.seq, h.hash]));
const node = (left: string, right: string) => sha256(JSON.stringify(['node', left, right]));

/**
 * The Merkle tree's levels over the heads, sorted by account id: level 0 the leaves, the last
 * the root alone. A level's odd last node goes up as it is.
 */
export function merkleLevels(heads: readonly SealedHead[]): string[][] {
  const sorted = [...heads].sort((a, b) => (a.accountId < b.accountId ? -1 : 1));
  const levels = [sorted.length ? sorted.map(headLeaf) : [sha256(JSON.stringify(['empty']))]];
  for (let level = levels[0]!; level.length > 1;) {
    const up: string[] = [];
    for (let i = 0; i < level.length; i += 2)
      up.push(i + 1 < level.length ? node(level[i]!, level[i + 1]!) : level[i]!);
    levels.push(up);
    level = up;
  }
  return levels;
}

export const merkleRoot = (heads: readonly SealedHead[]) => merkleLevels(heads).at(-1)![0]!;

/** One step up from a node to the root: the sibling's hash and the side it is on. */
export interface ProofStep {
  readonly side: 'left' | 'right';
  readonly hash: string;
}

/**
 * The steps from `accountId`'s leaf to the root (a level where the node goes up alone has
 * none); null when the account is not among the heads. Folding the leaf with them gives the
 * root: `node(step.hash, h)` for a left sibling, `node(h, step.hash)` for a right one.
 */
export function merkleProof(heads: readonly SealedHead[], accountId: string): ProofStep[] | null {
  const levels = merkleLevels(heads);
  const sorted = [...heads].sort((a, b) => (a.accountId < b.accountId ? -1 : 1));
  let index = sorted.findIndex((h) => h.accountId === accountId);
  if (index < 0) return null;
  const steps: ProofStep[] = [];
  for (const level of levels.slice(0, -1)) {
    const sibling = index % 2 ? index - 1 : index + 1;
    if (sibling < level.length)
      steps.push({ side: index % 2 ? 'left' : 'right', hash: level[sibling]! });
    index = Math.floor(index / 2);
  }
  return steps;
}

/** What a seal signs. */
export interface SealFacts {
  readonly day: string;
  readonly sealedAt: string;
  readonly heads: number;
  readonly chained: string;
  readonly root: string;
  readonly previousRoot: string;
}

export const sealMessage = (s: SealFacts) =>
  Buffer.from(
    JSON.stringify([
      SEAL_VERSION,
      s.day,
      s.sealedAt,
      String(s.heads),
      s.chained,
      s.root,
      s.previousRoot,
    ]),
    'utf8',
  );

/**
 * The admin log's chain (docs/money.md, "The admin log's chain"): one chain, its head kept with
 * the ledger accounts' heads under this id (0946_admin_log_chain.sql names it too), so a seal's
 * root covers it as one more leaf.
 */
export const ADMIN_LOG_CHAIN_ID = '00000000-0000-4000-8000-00000000ad10';
export const ADMIN_LOG_LINK_VERSION = 'bo-admin-log-1';

/** What one admin log link covers: every column of its row, as exact text. */
export interface AdminLogLinkContent {
  readonly logSeq: string;
  readonly logId: string;
  /** Microseconds since the epoch, as text. */
  readonly at: string;
  readonly actorId: string;
  readonly actorUsername: string;
  readonly actorType: string;
  readonly action: string;
  readonly targetType: string;
  readonly targetId: string;
  readonly clientIp: string;
  readonly outcome: string;
  /** The jsonb as PostgreSQL prints it; '' for none. */
  readonly before: string;
  readonly after: string;
  readonly requestId: string;
}

/** An admin log link's hash, in hex: over the link before it, its place, and its row. */
export function adminLogLinkHash(previous: string, seq: string, c: AdminLogLinkContent): string {
  return sha256(
    JSON.stringify([
      ADMIN_LOG_LINK_VERSION,
      previous,
      seq,
      c.logSeq,
      c.logId,
      c.at,
      c.actorId,
      c.actorUsername,
      c.actorType,
      c.action,
      c.targetType,
      c.targetId,
      c.clientIp,
      c.outcome,
      c.before,
      c.after,
      c.requestId,
    ]),
  );
}
