import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chainEntries } from '../../src/ledger/chain/chainer';
import { findChainBreaks } from '../../src/ledger/chain/chain-check';
import { brokenLinksOf } from '../../src/ledger/chain/link-check';
import {
  chainSegments,
  journalPagesOf,
  type ChainSegment,
} from '../../src/ledger/chain/walk-segments';
import { sealDay, dueSealDay, sealHistoryUpToYesterday } from '../../src/ledger/chain/seals';
import { publicKeyText, rotateSealKey } from '../../src/ledger/chain/seal-keys';
import { findLedgerDrift } from '../../src/ledger/invariants';
import { noDatabaseBeingCopiedOrDropped } from '../support/test-db';
import { startMoneyApp, type MoneyApp } from '../money/support/money-app';
import { sealCopiesOf } from '../../src/money-wiring/seal-copies';
import {
  behindTheProductsBack,
  daysAgo,
  dayText,
  postAt,
  rechainAndResign,
  SEAL_SETTINGS,
} from './chain-world';

let t: MoneyApp;
let merchantId: string;
let old: { journalId: string; entryIds: string[] };
let recent: { journalId: string; entryIds: string[] };
const breaks = () => findChainBreaks(t.db, SEAL_SETTINGS.sealKeySecret);

beforeAll(async () => {
  t = await startMoneyApp();
  merchantId = await t.accountId('MER00001');
  await t.api('POST', '/api/v1/payins', { amount: '100.03', currency: 'THB', order_id: 'chain-1' });
  await t.sandbox.idle();
  // The chain started two months ago; a movement of 35 days ago is sealed 34 days ago, one of
  // today is sealed by yesterday's seal (taken now).
  await t.db.query(`UPDATE ledger_chain_progress SET started_at = now() - interval '60 days'`);
  old = await postAt(t.db, merchantId, 500n, daysAgo(35));
  await chainEntries(t.db);
  await sealDay(t.db, SEAL_SETTINGS, dayText(daysAgo(34)), daysAgo(33));
  recent = await postAt(t.db, merchantId, 700n, new Date());
  await chainEntries(t.db);
  await sealDay(t.db, SEAL_SETTINGS, dayText(daysAgo(1)));
});
// The chain's holes wait for the cluster's oldest transaction: no test database copy is one.
beforeEach(() => noDatabaseBeingCopiedOrDropped());
afterAll(async () => {
  await t.close();
});

describe('the ledger chain', () => {
  it('chains every entry once, each account chain ending at its balance, and the seals hold', async () => {
    const { rows } = await t.db.query<{ unchained: string; twice: string; off: string }>(
      `SELECT (SELECT count(*) FROM entries e WHERE NOT EXISTS (SELECT 1 FROM ledger_chain c WHERE c.entry_id = e.id))::text AS unchained,
              (SELECT count(*) - count(DISTINCT entry_id) FROM ledger_chain)::text AS twice,
              (SELECT count(*) FROM ledger_chain_heads h
                WHERE h.balance <> (SELECT sum(amount) FROM entries e WHERE e.ledger_account_id = h.ledger_account_id))::text AS off`,
    );
    expect(rows[0]).toEqual({ unchained: '0', twice: '0', off: '0' });
    expect(await t.count('ledger_seals')).toBe(2);
    expect(await breaks()).toEqual([]);
    expect(await findLedgerDrift(t.db)).toEqual([]);
  });

  it('a day is due for its seal once, after its end, and not before the chain started', async () => {
    expect(await dueSealDay(t.db, new Date())).toBeNull();
    const tomorrow = new Date(Date.now() + 86_400_000 + 10 * 60_000);
    expect(await dueSealDay(t.db, tomorrow)).toBe(dayText(new Date()));
    await t.db.query(`UPDATE ledger_chain_progress SET started_at = now() + interval '2 days'`);
    expect(await dueSealDay(t.db, tomorrow)).toBeNull();
    await t.db.query(`UPDATE ledger_chain_progress SET started_at = now() - interval '60 days'`);
  });

  it('names an amount of a month ago changed behind the trigger, and holds again once it is put back', async () => {
    const [entry] = old.entryIds;
    const change = (by: number) =>
      behindTheProductsBack(t.db, ['entries'], () =>
        t.db.query(`UPDATE entries SET amount = amount + $1 WHERE id = $2`, [by, entry]),
      );
    await change(100);
    const found = await breaks();
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(
      new RegExp(`^entry ${entry} \\(link \\d+ of account .+\\) no longer matches its link`),
    );
    await change(-100);
    expect(await breaks()).toEqual([]);
  });

  it('is checked in segments side by side, a link just past a cut checked against the one before it', async () => {
    const segments = await chainSegments(t.db, 5);
    expect(segments.length).toBeGreaterThan(2);
    const whole: ChainSegment = {
      first: segments[0]!.first,
      last: segments.at(-1)!.last,
      sample: [segments[0]!.sample![0], segments.at(-1)!.sample![1]],
      ledgerSpan: segments[0]!.ledgerSpan,
    };
    const brokenIn = async (parts: readonly ChainSegment[]) =>
      (await Promise.all(parts.map((part) => brokenLinksOf(t.db, part, 100)))).flat();
    expect(await brokenIn(segments)).toEqual([]);
    // Journals written beside their entries: each segment reads its journals as a page range.
    for (const segment of segments.filter((s) => s.sample))
      expect(await journalPagesOf(t.db, segment)).not.toEqual(['(0,0)', '(0,0)']);
    // An entry whose link before it in its account's chain lies in an earlier segment, so the
    // walk looks that one up.
    const { rows } = await t.db.query<{ entry: string }>(
      `SELECT c.entry_id::text AS entry
         FROM ledger_chain c JOIN ledger_chain p ON p.ledger_account_id = c.ledger_account_id AND p.seq = c.seq - 1
        WHERE EXISTS (SELECT 1 FROM unnest($1::bigint[]) AS cut WHERE p.entry_id < cut AND cut <= c.entry_id)
        ORDER BY c.entry_id LIMIT 1`,
      [segments.slice(1).map((segment) => segment.first)],
    );
    const { entry } = rows[0]!;
    const change = (by: number) =>
      behindTheProductsBack(t.db, ['entries'], () =>
        t.db.query(`UPDATE entries SET amount = amount + $1 WHERE id = $2`, [by, entry]),
      );
    await change(1);
    try {
      const found = await brokenIn(segments);
      expect(found.map((l) => [l.entryIdOfLink, l.changed])).toEqual([[entry, true]]);
      expect(await brokenIn([whole])).toEqual(found);
    } finally {
      await change(-1);
    }
  });

  it('names a deleted entry', async () => {
    const [entry] = recent.entryIds;
    const { rows } = await t.db.query(`SELECT * FROM entries WHERE id = $1`, [entry]);
    await behindTheProductsBack(t.db, ['entries'], () =>
      t.db.query(`DELETE FROM entries WHERE id = $1`, [entry]),
    );
    expect(await breaks()).toEqual([
      expect.stringMatching(
        new RegExp(`^entry ${entry} .* the entry is gone: an entry was deleted`),
      ),
    ]);
    const r = rows[0] as Record<string, unknown>;
    await t.db.query(
      `INSERT INTO entries (id, journal_id, ledger_account_id, currency, amount, created_at)
       OVERRIDING SYSTEM VALUE VALUES ($1, $2, $3, $4, $5, $6)`,
      [r.id, r.journal_id, r.ledger_account_id, r.currency, r.amount, r.created_at],
    );
    expect(await breaks()).toEqual([]);
  });

  it('names entries inserted into a sealed day, and entries slipped below the chain’s mark', async () => {
    // Twice: the first run marks where the chain is, the second moves past it.
    await chainEntries(t.db);
    await chainEntries(t.db);
    const inserted = await postAt(t.db, merchantId, 42n, daysAgo(30));
    await chainEntries(t.db);
    const found = await breaks();
    expect(found).toHaveLength(2);
    for (const id of inserted.entryIds)
      expect(found).toContainEqual(
        expect.stringMatching(
          new RegExp(
            `^entry ${id} .* is dated ${dayText(daysAgo(30))} but was chained after the seal of ${dayText(daysAgo(1))}: it was written into a sealed day`,
          ),
        ),
      );
    // Walked in segments of five entries, the ranges each seal covered are read per account
    // and segment: the same links come back.
    const small = await chainSegments(t.db, 5);
    const walked = (
      await Promise.all(small.map((segment) => brokenLinksOf(t.db, segment, 100)))
    ).flat();
    expect(walked.map((l) => l.entryIdOfLink).sort()).toEqual([...inserted.entryIds].sort());
    const { rows } = await t.db.query<{ low: string }>(
      `SELECT low_water::text AS low FROM ledger_chain_progress`,
    );
    expect(BigInt(rows[0]!.low)).toBeGreaterThan(0n);
    await t.db.query(
      `INSERT INTO entries (id, journal_id, ledger_account_id, currency, amount, created_at)
       OVERRIDING SYSTEM VALUE SELECT -7, journal_id, ledger_account_id, currency, 1, created_at FROM entries WHERE id = $1`,
      [old.entryIds[0]],
    );
    await chainEntries(t.db);
    expect(await breaks()).toContainEqual(
      "entry -7 was never chained though the chain passed it: it was written behind the chain's back",
    );
    await behindTheProductsBack(t.db, ['entries', 'journal', 'ledger_chain'], async () => {
      await t.db.query(`DELETE FROM entries WHERE id = -7 OR journal_id = $1`, [
        inserted.journalId,
      ]);
      await t.db.query(`DELETE FROM journal WHERE id = $1`, [inserted.journalId]);
      await t.db.query(`DELETE FROM ledger_chain WHERE entry_id = ANY($1::bigint[])`, [
        inserted.entryIds,
      ]);
    });
  });

  it('finds a changed amount even when the chain is recomputed and the seals re-signed without the key', async () => {
    const [entry] = old.entryIds;
    const { rows } = await t.db.query<{ account: string }>(
      `SELECT ledger_account_id::text AS account FROM entries WHERE id = $1`,
      [entry],
    );
    let forgedPublicKey = '';
    await behindTheProductsBack(t.db, ['entries', 'ledger_chain', 'ledger_seals'], async () => {
      await t.db.query(`UPDATE entries SET amount = amount + 100 WHERE id = $1`, [entry]);
      forgedPublicKey = publicKeyText(await rechainAndResign(t.db, rows[0]!.account));
    });
    const found = await breaks();
    expect(found.some((l) => l.includes('no longer matches its link'))).toBe(false);
    expect(found).toContainEqual(
      expect.stringMatching(/^seal of .*: its signature does not verify with its key/),
    );
    // Swapping the platform's public key for the forger's does not help: the key no longer opens.
    await t.db.query(`UPDATE seal_keys SET public_key = $1`, [forgedPublicKey]);
    const again = await breaks();
    expect(again).toContainEqual(
      expect.stringMatching(/^seal key .* does not open with SEAL_KEY_SECRET or was changed/),
    );
  });
});

describe('entries written into a sealed day between two seals', () => {
  it('are named by the seal they were chained after, not only after the last seal', async () => {
    const fresh = await startMoneyApp();
    try {
      const merchant = await fresh.accountId('MER00001');
      await fresh.db.query(
        `UPDATE ledger_chain_progress SET started_at = now() - interval '10 days'`,
      );
      await postAt(fresh.db, merchant, 11n, daysAgo(5));
      await chainEntries(fresh.db);
      await sealDay(fresh.db, SEAL_SETTINGS, dayText(daysAgo(1)));
      // Dated three days ago, a day yesterday's seal covers, and chained after that seal; then
      // a later seal (today's, taken early) covers its links: they lie between two seals.
      const late = await postAt(fresh.db, merchant, 13n, daysAgo(3));
      await chainEntries(fresh.db);
      await sealDay(fresh.db, SEAL_SETTINGS, dayText(new Date()));
      const found = await findChainBreaks(fresh.db, SEAL_SETTINGS.sealKeySecret);
      expect(found).toHaveLength(late.entryIds.length);
      for (const id of late.entryIds)
        expect(found).toContainEqual(
          expect.stringMatching(
            new RegExp(
              `^entry ${id} .* is dated ${dayText(daysAgo(3))} but was chained after the seal of ${dayText(daysAgo(1))}: it was written into a sealed day`,
            ),
          ),
        );
    } finally {
      await fresh.close();
    }
  });
});

describe('a history written in one go (the demo world)', () => {
  it('is chained and sealed up to yesterday, and holds', async () => {
    const fresh = await startMoneyApp();
    try {
      await postAt(fresh.db, await fresh.accountId('MER00001'), 77n, daysAgo(20));
      const seal = await sealHistoryUpToYesterday(fresh.db, SEAL_SETTINGS);
      expect(seal?.day).toBe(dayText(daysAgo(1)));
      expect(await sealHistoryUpToYesterday(fresh.db, SEAL_SETTINGS)).toBeNull();
      expect(await findChainBreaks(fresh.db, SEAL_SETTINGS.sealKeySecret)).toEqual([]);
    } finally {
      await fresh.close();
    }
  });
});

describe('the signing key', () => {
  it('rotates; seals signed with the old key still verify', async () => {
    const fresh = await startMoneyApp();
    try {
      await fresh.db.query(
        `UPDATE ledger_chain_progress SET started_at = now() - interval '10 days'`,
      );
      await chainEntries(fresh.db);
      await sealDay(fresh.db, SEAL_SETTINGS, dayText(daysAgo(3)), daysAgo(2));
      const next = await rotateSealKey(fresh.db, SEAL_SETTINGS.sealKeySecret);
      await postAt(fresh.db, await fresh.accountId('MER00001'), 5n, new Date());
      await chainEntries(fresh.db);
      const copies = sealCopiesOf({
        publicUrl: 'http://localhost:3000',
        alertWebhookUrl: 'https://ops.example/alerts',
        alertWebhookSecret: 'a-webhook-secret-of-16',
        alertWebhookFormat: 'json',
        sealCopyEmail: 'books@ops.example',
      });
      const sealed = await sealDay(
        fresh.db,
        SEAL_SETTINGS,
        dayText(daysAgo(1)),
        new Date(),
        copies,
      );
      const { rows } = await fresh.db.query<{ key_id: string; retired: boolean }>(
        `SELECT s.key_id::text, k.retired_at IS NOT NULL AS retired FROM ledger_seals s JOIN seal_keys k ON k.id = s.key_id ORDER BY s.day`,
      );
      expect(rows.map((r) => r.retired)).toEqual([true, false]);
      expect(rows[1]!.key_id).toBe(next.id);
      expect(await findChainBreaks(fresh.db, SEAL_SETTINGS.sealKeySecret)).toEqual([]);
      // The seal's copies outside the database: the operations webhook and the seal mail.
      const { rows: out } = await fresh.db.query<{
        channel: string;
        recipient: string;
        text_body: string;
      }>(
        `SELECT channel, recipient, text_body FROM mail_outbox WHERE kind IN ('ledger.seal', 'ledger_seal') ORDER BY channel`,
      );
      expect(out.map((o) => [o.channel, o.recipient])).toEqual([
        ['mail', 'books@ops.example'],
        ['webhook', 'webhook: ops.example'],
      ]);
      for (const o of out) expect(o.text_body).toContain(sealed.root);
      expect(await findChainBreaks(fresh.db, 'another-secret-entirely')).toContainEqual(
        expect.stringMatching(/^seal key .* does not open with SEAL_KEY_SECRET/),
      );
    } finally {
      await fresh.close();
    }
  });
});
