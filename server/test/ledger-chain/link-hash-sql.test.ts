import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  linkHash,
  linkHashV2,
  type LinkContent,
  type LinkPosition,
} from '../../src/ledger/chain/chain-hash';
import { LINK_CONTENT_COLUMNS } from '../../src/ledger/chain/chainer';
import {
  journalDigestSql,
  linkHashV1Sql,
  linkHashV2Sql,
  UTF8_CLIENT,
} from '../../src/ledger/chain/link-hash-sql';
import { startMoneyApp, type MoneyApp } from '../money/support/money-app';

/**
 * The link hashes in JavaScript (the chainer, the verifier's twin) and in SQL (ledger:check)
 * are the same bytes, on the content the tamper tests never meet: a negative amount, numbers
 * past 2^53 (the BigInt path), a time before 2000 (PostgreSQL's epoch), no contract, non-ASCII
 * details, a missing journal, an account's first link.
 */
let t: MoneyApp;
beforeAll(async () => {
  t = await startMoneyApp();
});
afterAll(() => t.close());

interface Case {
  readonly name: string;
  readonly amount: string;
  readonly at: string;
  readonly contract: boolean;
  readonly details: string;
  readonly journal: boolean;
  readonly position: LinkPosition;
}

const CASES: Case[] = [
  {
    name: 'a plain movement',
    amount: '12345',
    at: '2026-12-07 10:11:12.345678+00',
    contract: true,
    details: '{"note": "plain"}',
    journal: true,
    position: { previous: 'ab'.repeat(32), seq: '7', balance: '99000' },
  },
  {
    name: 'negative, before 2000, no contract, non-ASCII, first link',
    amount: '-1',
    at: '1999-12-31 23:59:59.999999+00',
    contract: false,
    details: '{"note": "ถอนเงิน — سحب ✓"}',
    journal: true,
    position: { previous: '', seq: '1', balance: '-1' },
  },
  {
    name: 'past 2^53',
    amount: '9007199254740993',
    at: '2026-01-01 00:00:00+00',
    contract: true,
    details: '{}',
    journal: true,
    position: { previous: 'cd'.repeat(32), seq: '9007199254740995', balance: '-9007199254740993' },
  },
  {
    name: 'a missing journal',
    amount: '5',
    at: '2026-06-30 12:00:00.000001+00',
    contract: false,
    details: '{}',
    journal: false,
    position: { previous: 'ef'.repeat(32), seq: '2', balance: '5' },
  },
];

describe('the link hashes in JavaScript and in SQL', () => {
  for (const c of CASES)
    it(`agree: ${c.name}`, async () => {
      const journalId = crypto.randomUUID();
      const account = (
        await t.db.query<{ id: string }>(`SELECT id::text FROM ledger_accounts LIMIT 1`)
      ).rows[0]!.id;
      if (c.journal)
        await t.db.query(
          `INSERT INTO journal (id, owner_account_id, kind, ref_type, ref_id, contract_id, details, created_at)
           VALUES ($1, $2, 'adjustment.credit', 'hash_test', gen_random_uuid(), $3, $4::jsonb, $5)`,
          [journalId, account, c.contract ? crypto.randomUUID() : null, c.details, c.at],
        );
      const { rows } = await t.db.query<{ id: string }>(
        `INSERT INTO entries (journal_id, ledger_account_id, currency, amount, created_at)
         VALUES ($1, $2, 'THB', $3, $4) RETURNING id::text`,
        [journalId, account, c.amount, c.at],
      );
      const inputs = {
        previousHash: `nullif(decode($2, 'hex'), '')`,
        seq: '$3::bigint',
        balance: '$4::bigint',
        entry: 'e',
        journal: 'j',
        journalDigest: journalDigestSql('j'),
      };
      const { rows: found } = await t.db.transaction(async (tx) => {
        await tx.query(UTF8_CLIENT);
        return tx.query<LinkContent & { v1: string; v2: string }>(
          `SELECT ${LINK_CONTENT_COLUMNS}, encode(${linkHashV1Sql(inputs)}, 'hex') AS v1,
                  encode(${linkHashV2Sql(inputs)}, 'hex') AS v2
             FROM entries e LEFT JOIN journal j ON j.id = e.journal_id WHERE e.id = $1`,
          [rows[0]!.id, c.position.previous, c.position.seq, c.position.balance],
        );
      });
      const { v1, v2, ...content } = found[0]!;
      expect(v2).toBe(linkHashV2(c.position, content));
      expect(v1).toBe(linkHash(c.position, content));
    });
});
