import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/db';
import { cachedApiKey, forgetApiKeys } from '../../src/merchant-api/api-key-cache';

const KEY = { key_id: 'k-1', merchant_account_id: 'm-1', secret: 's-1', expires_at: null };

/** A database whose key reads wait until `answer()`; `reads` counts them. */
function slowKeyTable() {
  const waiting: (() => void)[] = [];
  const db = {
    reads: 0,
    query() {
      db.reads++;
      return new Promise((resolve) => waiting.push(() => resolve({ rows: [KEY], rowCount: 1 })));
    },
    answer: () => waiting.splice(0).forEach((go) => go()),
  };
  return db;
}

describe('the API key cache', () => {
  it('reads a lapsed key once for all the requests that ask at once', async () => {
    const table = slowKeyTable();
    const db = table as unknown as Db;
    const asked = Array.from({ length: 20 }, () => cachedApiKey(db, 'k-1'));
    await Promise.resolve();
    table.answer();
    expect(await Promise.all(asked)).toEqual(Array(20).fill(KEY));
    expect(table.reads).toBe(1);
    expect(await cachedApiKey(db, 'k-1')).toEqual(KEY); // remembered
    expect(table.reads).toBe(1);
  });

  it('neither shares nor remembers a read under way when the key is forgotten', async () => {
    const table = slowKeyTable();
    const db = table as unknown as Db;
    const before = cachedApiKey(db, 'k-1');
    forgetApiKeys(db, 'k-1'); // revoked while it was being read
    const after = cachedApiKey(db, 'k-1'); // reads anew, not the read from before
    expect(table.reads).toBe(2);
    await Promise.resolve();
    table.answer();
    await Promise.all([before, after]);

    const lone = slowKeyTable();
    const ldb = lone as unknown as Db;
    const read = cachedApiKey(ldb, 'k-1');
    forgetApiKeys(ldb);
    await Promise.resolve();
    lone.answer();
    await read;
    const next = cachedApiKey(ldb, 'k-1'); // the forgotten read was not remembered
    expect(lone.reads).toBe(2);
    await Promise.resolve();
    lone.answer();
    await next;
  });
});
