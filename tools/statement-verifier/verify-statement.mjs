#!/usr/bin/env node
// Verifies a payment back-office statement offline, with plain Node and nothing else: no
// package, no network, no code of the platform's. Usage:
//
//   node verify-statement.mjs statement.json [--public-key <base64 SPKI>]
//
// Prints "verified" and exits 0, or says exactly what does not match and exits 1. See
// README.md beside this file for what it checks and why it can be trusted.
import { createHash, createPublicKey, verify } from 'node:crypto';
import { readFileSync } from 'node:fs';

const sha256 = (text) => createHash('sha256').update(text, 'utf8').digest('hex');

/** A link's hash in format bo-ledger-1: the same JSON array of strings the platform hashed. */
const linkHashV1 = (previous, link) =>
  sha256(
    JSON.stringify([
      'bo-ledger-1',
      previous,
      link.seq,
      link.balance,
      link.entryId,
      link.journalId,
      link.accountId,
      link.currency,
      link.amount,
      link.entryAt,
      link.kind,
      link.refType,
      link.refId,
      link.ownerId,
      link.contractId,
      link.details,
      link.journalAt,
    ]),
  );

/** Microseconds from 1970-01-01 to 2000-01-01: PostgreSQL counts its times from the second. */
const PG_EPOCH_MICROS = 946684800000000n;
const NO_DIGEST = Buffer.alloc(32);
const int8 = (value) => {
  const bytes = Buffer.alloc(8);
  bytes.writeBigInt64BE(BigInt(value));
  return bytes;
};
const uuid = (id) => Buffer.from(id.replaceAll('-', ''), 'hex');
const time = (micros) => int8(BigInt(micros) - PG_EPOCH_MICROS);
const sized = (text) => {
  const body = Buffer.from(text, 'utf8');
  const size = Buffer.alloc(4);
  size.writeInt32BE(body.length);
  return Buffer.concat([size, body]);
};
const digest = (parts) => createHash('sha256').update(Buffer.concat(parts)).digest();

/**
 * A journal's digest in format bo-journal-2: its id, owner and reference (16 bytes each), a byte
 * 0 for no contract or 1 and its id, its time (8 bytes, microseconds since 2000), its kind and
 * reference type (each its UTF-8 length in 4 bytes and its bytes), then its details' text; 32
 * zero bytes for an entry chained without its journal.
 */
const journalDigest = (link) =>
  link.journalAt === ''
    ? NO_DIGEST
    : digest([
        Buffer.from('bo-journal-2'),
        uuid(link.journalId),
        uuid(link.ownerId),
        uuid(link.refId),
        link.contractId
          ? Buffer.concat([Buffer.from([1]), uuid(link.contractId)])
          : Buffer.from([0]),
        time(link.journalAt),
        sized(link.kind),
        sized(link.refType),
        Buffer.from(link.details, 'utf8'),
      ]);

/**
 * A link's hash in format bo-ledger-2: fixed-width big-endian fields, the previous hash (32 zero
 * bytes at an account's start), seq, balance, entry id, account, amount, entry time, journal id
 * and digest, then the currency's bytes.
 */
const linkHashV2 = (previous, link) =>
  digest([
    Buffer.from('bo-ledger-2'),
    previous ? Buffer.from(previous, 'hex') : NO_DIGEST,
    int8(link.seq),
    int8(link.balance),
    int8(link.entryId),
    uuid(link.accountId),
    int8(link.amount),
    time(link.entryAt),
    uuid(link.journalId),
    journalDigest(link),
    Buffer.from(link.currency, 'utf8'),
  ]).toString('hex');

/** The hash of each link format this verifier knows (a link without one is bo-ledger-1). */
const LINK_HASHES = { 'bo-ledger-1': linkHashV1, 'bo-ledger-2': linkHashV2 };

const leafOf = (accountId, head) =>
  sha256(JSON.stringify(['leaf', accountId, head.seq, head.hash]));
const nodeOf = (left, right) => sha256(JSON.stringify(['node', left, right]));

/** Folds a head's leaf up its proof to the root it gives. */
const rootOf = (accountId, head) =>
  head.proof.reduce(
    (hash, step) => (step.side === 'left' ? nodeOf(step.hash, hash) : nodeOf(hash, step.hash)),
    leafOf(accountId, head),
  );

const sealMessage = (seal) =>
  Buffer.from(
    JSON.stringify([
      'bo-seal-1',
      seal.day,
      seal.sealedAt,
      String(seal.heads),
      seal.chained,
      seal.root,
      seal.previousRoot,
    ]),
    'utf8',
  );

/** Every problem found in `statement`, in words; none: verified. */
export function problemsOf(statement, pinnedKey) {
  const problems = [];
  if (statement?.format !== 'bo-statement-1')
    return [`not a statement this verifier knows (format ${JSON.stringify(statement?.format)})`];
  const seals = [
    ['opening', statement.openingSeal],
    ['closing', statement.closingSeal],
  ].filter(([, seal]) => seal);
  for (const [name, seal] of seals) {
    if (pinnedKey && seal.publicKey !== pinnedKey)
      problems.push(
        `the ${name} seal (${seal.day}) names another public key than the platform's you gave`,
      );
    let key;
    try {
      key = createPublicKey({
        key: Buffer.from(seal.publicKey, 'base64'),
        format: 'der',
        type: 'spki',
      });
    } catch {
      problems.push(`the ${name} seal (${seal.day}) carries no readable public key`);
      continue;
    }
    if (!verify(null, sealMessage(seal), key, Buffer.from(seal.signature, 'hex')))
      problems.push(
        `the ${name} seal (${seal.day}) is not signed by its key: the seal was changed`,
      );
  }
  for (const account of statement.accounts) {
    const where = `account ${account.accountId} (${account.purpose})`;
    const { opening, closing } = account;
    if (opening.seq === '0') {
      if (opening.hash !== '' || opening.balance !== '0')
        problems.push(`${where}: an opening at the chain's start must be empty`);
    } else if (!statement.openingSeal || !opening.proof) {
      problems.push(`${where}: its opening has no seal proving it`);
    } else if (rootOf(account.accountId, opening) !== statement.openingSeal.root) {
      problems.push(
        `${where}: its opening balance ${opening.balance} is not under the opening seal's root`,
      );
    }
    let previous = opening.hash;
    let balance = BigInt(opening.balance);
    let seq = BigInt(opening.seq);
    for (const link of account.links) {
      const at = `${where}, entry ${link.entryId}`;
      seq += 1n;
      if (link.seq !== String(seq))
        problems.push(`${at}: link ${link.seq} where ${seq} was due: an entry is missing`);
      if (link.accountId !== account.accountId) problems.push(`${at}: belongs to another account`);
      balance += BigInt(link.amount);
      if (link.balance !== String(balance))
        problems.push(
          `${at}: the balance after it reads ${link.balance}, but the amounts give ${balance}`,
        );
      const linkHash = LINK_HASHES[link.version ?? 'bo-ledger-1'];
      if (!linkHash) {
        problems.push(
          `${at}: its link is in a format this verifier does not know (${link.version})`,
        );
        previous = '';
        continue;
      }
      previous = linkHash(previous, link);
    }
    if (closing.seq !== String(seq))
      problems.push(
        `${where}: the links end at ${seq} but the closing head is ${closing.seq}: entries are missing`,
      );
    else if (previous !== closing.hash)
      problems.push(
        `${where}: its entries do not give the sealed closing hash: an amount, a date or a reference was changed`,
      );
    if (closing.balance !== String(balance))
      problems.push(
        `${where}: the closing balance ${closing.balance} is not the opening plus the entries (${balance})`,
      );
    if (!closing.proof || rootOf(account.accountId, closing) !== statement.closingSeal.root)
      problems.push(`${where}: its closing head is not under the closing seal's root`);
  }
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file, flag, pinned] = process.argv.slice(2);
  if (!file || (flag && flag !== '--public-key')) {
    console.error('usage: node verify-statement.mjs statement.json [--public-key <base64 SPKI>]');
    process.exit(2);
  }
  const statement = JSON.parse(readFileSync(file, 'utf8'));
  const problems = problemsOf(statement, pinned);
  if (problems.length) {
    for (const p of problems) console.log(`not verified: ${p}`);
    process.exit(1);
  }
  const accounts = statement.accounts.length;
  console.log(
    `verified: ${statement.currency} ${statement.from} to ${statement.to}, ${accounts} account${accounts === 1 ? '' : 's'}, sealed ${statement.closingSeal.day}${pinned ? ', signed by the key you gave' : " (no key given: pass --public-key to pin the platform's)"}`,
  );
}
