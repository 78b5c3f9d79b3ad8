import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * A cancelled export (issue 29): the browser aborts its fetch, the response closes, and the
 * server stops reading the list at once; on PostgreSQL the cursor's connection goes back to
 * the pool (left held, every cancelled download would take one of the pool's ten for good).
 */

const ROWS = 40_000;
let t: TestApp;
let url: string;

beforeAll(async () => {
  t = await startTestApp();
  await t.db.query(
    `INSERT INTO admin_logs (action, outcome, actor_username, target_type, target_id)
     SELECT 'test.export_cancel', 'success', 'exporter', 'account', 'row-' || g
       FROM generate_series(1, $1::int) g`,
    [ROWS],
  );
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t?.close();
});

/** Starts an export of the admin log over a real socket; answers its first bytes and a way to cancel. */
async function startExport() {
  const admin = await t.signIn('admin@demo.test');
  const cancel = new AbortController();
  const response = await fetch(`${url}/controller/admin/exportList`, {
    method: 'POST',
    body: new URLSearchParams({ ...admin, call: 'getAdminLogs', format: 'csv' }),
    signal: cancel.signal,
  });
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  const first = await reader.read();
  return { first, reader, cancel };
}

/** The pool's connections all idle again (PostgreSQL; PGlite holds none while exporting). */
const poolIsIdle = () => {
  const use = t.db.poolUse?.();
  return !use || use.idle === use.open;
};

describe('a cancelled export', () => {
  it('stops the server reading, and gives back the connection', async () => {
    const { first, reader, cancel } = await startExport();
    expect(first.done).toBe(false);
    cancel.abort();
    await expect(reader.read()).rejects.toThrow();
    await vi.waitFor(() => expect(poolIsIdle()).toBe(true), { timeout: 5_000, interval: 20 });
    // On PostgreSQL no transaction is left holding the export's cursor.
    if (t.db.kind === 'postgres')
      expect(
        (
          await t.db.query(
            `SELECT 1 FROM pg_stat_activity
              WHERE datname = current_database() AND state LIKE 'idle in transaction%'`,
          )
        ).rows,
      ).toEqual([]);
    // The server goes on answering.
    const after = await t.call<{ total: number }>('getAdminLogs', {
      ...(await t.signIn('admin@demo.test')),
      action: 'test.export_cancel',
      pageSize: '1',
    });
    expect(after.status).toBe(200);
    expect(after.data.total).toBeGreaterThan(0);
  });
});
