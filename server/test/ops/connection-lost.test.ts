import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/db';
import { openTestDatabase, testDatabaseKind } from '../support/test-db';

/**
 * A connection lost while it is in use (the database restarted, the network cut or reset it:
 * the chaos run's `db_drop` found this) fails the work on it and nothing else: node-postgres
 * emits the loss as an 'error' event on the checked-out client, which without a listener ends
 * the whole server process, every other request with it.
 */
describe.runIf(testDatabaseKind() === 'postgres')('a connection lost in use', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterAll(() => db?.close());

  it('fails its transaction and leaves the server and its pool working', async () => {
    let attempts = 0;
    const outcome = await db
      .transaction(async (tx) => {
        attempts++;
        const { rows } = await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
        if (attempts === 1) {
          // Another connection of the pool ends this one's backend, as a restart would.
          await db.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
          await tx.query('SELECT 1');
        }
        return 'done';
      })
      .then(
        (value) => ({ value }),
        (error: unknown) => ({ error }),
      );
    // Either the loss failed the transaction (node-postgres says "terminated", or, when its
    // 'error' event came first, "has encountered a connection error"), or the database layer ran
    // it again on a new connection; either way this process is still here to say so, and the
    // pool works.
    expect('value' in outcome ? outcome.value : (outcome.error as Error).message).toMatch(
      /done|terminat|connection error/i,
    );
    const { rows } = await db.query<{ one: number }>('SELECT 1 AS one');
    expect(rows[0]!.one).toBe(1);
  });
});
