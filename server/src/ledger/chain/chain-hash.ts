import { createHash } from 'node:crypto';

/**
 * The chain's hashes (docs/money.md, "The chain and its seals"). Everything hashed is a JSON
 * array of strings, so the offline verifier (tools/statement-verifier) recomputes the same bytes
 * with plain Node. Change nothing here without a new version tag: old links and seals must
 * stay verifiable.
 */
export const LINK_VERSION = 'bo-ledger-1';
export const SEAL_VERSION = 'bo-seal-1';

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

/** The link's hash, in hex. */
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
