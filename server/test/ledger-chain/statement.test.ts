import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generateKeyPairSync, sign } from 'node:crypto';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sealMessage } from '../../src/ledger/chain/chain-hash';
import { chainEntries } from '../../src/ledger/chain/chainer';
import { publicKeyText } from '../../src/ledger/chain/seal-keys';
import { sealDay } from '../../src/ledger/chain/seals';
import {
  buildStatement,
  planStatement,
  STATEMENT_LINK_PAGE,
  statementJson,
  type Statement,
} from '../../src/ledger/chain/statement';
import {
  ADMIN,
  MERCHANT,
  RESELLER,
  startMoneyApp,
  type MoneyApp,
} from '../money/support/money-app';
import { daysAgo, dayText, postAt, SEAL_SETTINGS } from './chain-world';
// The verifier is plain Node, outside the product; the test runs the very file merchants get.
// @ts-expect-error: a JavaScript module without types
import { problemsOf } from '../../../tools/statement-verifier/verify-statement.mjs';

const VERIFIER = path.resolve(__dirname, '../../../tools/statement-verifier/verify-statement.mjs');
const verifyProblems = problemsOf as (statement: unknown, key?: string) => string[];

let t: MoneyApp;
let merchantId: string;
let statement: Statement;
let platformKey: string;
const copy = (): Statement => structuredClone(statement);

beforeAll(async () => {
  t = await startMoneyApp();
  merchantId = await t.accountId('MER00001');
  await t.db.query(`UPDATE ledger_chain_progress SET started_at = now() - interval '60 days'`);
  // Links written before bo-ledger-2 stay as they were: the chain goes on from them, and a
  // statement holds both kinds (its opening and its first link old, its last link new).
  await postAt(t.db, merchantId, 500n, daysAgo(40));
  await chainEntries(t.db, 1);
  await sealDay(t.db, SEAL_SETTINGS, dayText(daysAgo(40)), daysAgo(39));
  await postAt(t.db, merchantId, 700n, daysAgo(10));
  await chainEntries(t.db, 1);
  await postAt(t.db, merchantId, -200n, daysAgo(9));
  await chainEntries(t.db);
  await sealDay(t.db, SEAL_SETTINGS, dayText(daysAgo(9)), daysAgo(8));
  statement = await buildStatement(
    t.db,
    merchantId,
    'THB',
    dayText(daysAgo(20)),
    dayText(daysAgo(9)),
  );
  platformKey = statement.closingSeal.publicKey;
});
afterAll(() => t.close());

describe('a statement the merchant verifies offline', () => {
  it('carries the period’s entries between two seals, with balances that add up', () => {
    expect(statement.openingSeal?.day).toBe(dayText(daysAgo(40)));
    expect(statement.closingSeal.day).toBe(dayText(daysAgo(9)));
    const available = statement.accounts.find((a) => a.purpose === 'available')!;
    expect(available.links.map((l) => [l.amount, l.version])).toEqual([
      ['700', 'bo-ledger-1'],
      ['-200', 'bo-ledger-2'],
    ]);
    expect(BigInt(available.closing.balance) - BigInt(available.opening.balance)).toBe(500n);
    expect(BigInt(available.opening.balance)).toBeGreaterThanOrEqual(500n);
  });

  it('verifies with the platform’s key, as the plain Node script run on its own', async () => {
    expect(verifyProblems(statement, platformKey)).toEqual([]);
    const file = path.join(tmpdir(), `statement-${process.pid}.json`);
    await writeFile(file, JSON.stringify(statement));
    const { stdout } = await promisify(execFile)(process.execPath, [
      VERIFIER,
      file,
      '--public-key',
      platformKey,
    ]);
    expect(stdout).toMatch(/^verified: THB .* 1 account|^verified: THB/);
  });

  it('names a changed amount', () => {
    const changed = copy();
    const link = changed.accounts.find((a) => a.purpose === 'available')!.links[0] as {
      amount: string;
    };
    link.amount = '7000';
    expect(verifyProblems(changed, platformKey)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/the balance after it reads .* but the amounts give/),
        expect.stringMatching(
          /its entries do not give the sealed closing hash: an amount, a date or a reference was changed/,
        ),
      ]),
    );
  });

  it('names a change to a bo-ledger-2 link: its details, time, reference or amount, and an unknown format', () => {
    const lastLink = (s: Statement) =>
      s.accounts.find((a) => a.purpose === 'available')!.links.at(-1) as unknown as Record<
        string,
        string
      >;
    const sealedHashChanged = expect.stringMatching(
      /its entries do not give the sealed closing hash/,
    );
    for (const [field, value] of [
      ['details', '{"note": "another movement"}'],
      ['entryAt', String(BigInt(lastLink(statement).entryAt!) + 1n)],
      ['refId', crypto.randomUUID()],
    ]) {
      const changed = copy();
      lastLink(changed)[field!] = value!;
      expect(verifyProblems(changed, platformKey), field).toEqual([sealedHashChanged]);
    }
    const amount = copy();
    lastLink(amount).amount = '-201';
    expect(verifyProblems(amount, platformKey)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/the balance after it reads .* but the amounts give/),
        sealedHashChanged,
      ]),
    );
    const unknown = copy();
    lastLink(unknown).version = 'bo-ledger-9';
    expect(verifyProblems(unknown, platformKey)).toContainEqual(
      expect.stringMatching(/its link is in a format this verifier does not know \(bo-ledger-9\)/),
    );
  });

  it('names a removed entry', () => {
    const removed = copy();
    const account = removed.accounts.find((a) => a.purpose === 'available') as unknown as {
      links: unknown[];
    };
    account.links.splice(0, 1);
    expect(verifyProblems(removed, platformKey)).toContainEqual(
      expect.stringMatching(/link \d+ where \d+ was due: an entry is missing/),
    );
  });

  it('names a seal made with another key, and a key that is not the platform’s', () => {
    const forged = copy() as {
      closingSeal: Statement['closingSeal'] & { publicKey: string; signature: string };
    };
    const { privateKey } = generateKeyPairSync('ed25519');
    forged.closingSeal.publicKey = publicKeyText(privateKey);
    expect(verifyProblems(forged, platformKey)).toContainEqual(
      expect.stringMatching(/closing seal .* is not signed by its key: the seal was changed/),
    );
    forged.closingSeal.signature = sign(null, sealMessage(forged.closingSeal), privateKey).toString(
      'hex',
    );
    expect(verifyProblems(forged, platformKey)).toEqual([
      `the closing seal (${forged.closingSeal.day}) names another public key than the platform's you gave`,
    ]);
  });

  it('starts at the chain’s start when no seal comes before the period, and is refused for a day not sealed yet', async () => {
    const whole = await buildStatement(
      t.db,
      merchantId,
      'THB',
      dayText(daysAgo(59)),
      dayText(daysAgo(9)),
    );
    expect(whole.openingSeal).toBeNull();
    expect(whole.accounts.every((a) => a.opening.seq === '0')).toBe(true);
    expect(verifyProblems(whole, platformKey)).toEqual([]);
    await expect(
      buildStatement(t.db, merchantId, 'THB', dayText(daysAgo(3)), dayText(new Date())),
    ).rejects.toThrow(/not sealed yet/);
  });

  it('streams as the very text of the whole statement, a page of links at a time', async () => {
    const now = new Date();
    const period = [merchantId, 'THB', dayText(daysAgo(59)), dayText(daysAgo(9)), now] as const;
    const whole = await buildStatement(t.db, ...period);
    const links = whole.accounts.reduce((n, a) => n + a.links.length, 0);
    expect(links).toBeGreaterThan(2);
    for (const pageSize of [1, 2, STATEMENT_LINK_PAGE]) {
      const parts: string[] = [];
      for await (const part of statementJson(t.db, await planStatement(t.db, ...period), pageSize))
        parts.push(part);
      expect(parts.join(''), `pages of ${pageSize}`).toBe(JSON.stringify(whole));
      // No part holds more than a page of links.
      const most = Math.max(...parts.map((p) => (p.match(/"seq":/g) ?? []).length));
      expect(most).toBeLessThanOrEqual(pageSize + 2);
    }
  });

  it('is served by the merchant API, the same statement, and refuses bad periods with their words', async () => {
    const from = dayText(daysAgo(20));
    const to = dayText(daysAgo(9));
    const ok = await t.api('GET', `/api/v1/statements?currency=THB&from=${from}&to=${to}`);
    expect(ok.status).toBe(200);
    const served = ok.body as Statement;
    expect(verifyProblems(served, platformKey)).toEqual([]);
    expect(served.accounts).toEqual(statement.accounts);
    const cases: [string, number, RegExp][] = [
      [`currency=THB&from=${to}&to=${from}`, 400, /from must not be after to/],
      [`currency=THB&from=2024-02-30&to=${to}`, 400, /from is not a day of the calendar/],
      [`currency=THB&from=${dayText(daysAgo(400))}&to=${to}`, 400, /at most 366 days/],
      [`currency=XXX&from=${from}&to=${to}`, 400, /currency/],
      [`currency=THB&from=${from}&to=${dayText(new Date())}`, 409, /not sealed yet/],
    ];
    for (const [query, status, message] of cases) {
      const r = await t.api('GET', `/api/v1/statements?${query}`);
      expect([query, r.status]).toEqual([query, status]);
      expect(JSON.stringify(r.body)).toMatch(message);
    }
  });

  it('is downloaded in the back office: a merchant its own, an admin a merchant it names', async () => {
    const period = { currency: 'THB', from: dayText(daysAgo(20)), to: dayText(daysAgo(9)) };
    const own = await t.as(MERCHANT, 'getVerifiableStatement', period);
    expect(own.status).toBe(200);
    const answer = own.data as { owner_db_code: string; statement: Statement };
    expect(answer.owner_db_code).toBe('MER00001');
    expect(verifyProblems(answer.statement, platformKey)).toEqual([]);
    expect((await t.as(ADMIN, 'getVerifiableStatement', period)).status).toBe(400);
    const named = await t.as(ADMIN, 'getVerifiableStatement', { ...period, ownerId: merchantId });
    expect((named.data as { statement: Statement }).statement.accounts).toEqual(statement.accounts);
    const other = await t.accountId('MER00002');
    expect(
      (await t.as(MERCHANT, 'getVerifiableStatement', { ...period, ownerId: other })).status,
    ).toBe(404);
    const reseller = await t.as(RESELLER, 'getVerifiableStatement', period);
    expect(reseller.status).toBe(200);
    expect((reseller.data as { owner_db_code: string }).owner_db_code).toMatch(/^RES/);
  });
});
