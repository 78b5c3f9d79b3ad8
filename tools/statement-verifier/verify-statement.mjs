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

/** A link's hash: the same JSON array of strings the platform hashed (format bo-ledger-1). */
const linkHash = (previous, link) =>
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
