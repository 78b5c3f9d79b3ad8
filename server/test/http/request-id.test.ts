import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../support/test-app';

/**
 * A caller's X-Request-Id is kept when well-formed: echoed on the answer and written with what
 * the request did (the admin log), so one id follows a request through a proxy's logs and ours.
 * A malformed one is replaced by a fresh id, never echoed.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function signInWith(requestId: string | undefined) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/controller/admin/login',
    headers: {
      'content-type': 'application/json',
      ...(requestId === undefined ? {} : { 'x-request-id': requestId }),
    },
    payload: JSON.stringify({ email: 'reseller@demo.test', password: DEMO_PASSWORD }),
  });
  expect(response.statusCode).toBe(200);
  return String(response.headers['x-request-id']);
}

describe('X-Request-Id', () => {
  it('is taken when well-formed, echoed, and recorded with the request', async () => {
    const id = 'edge-7f3a.trace:0001_retry-2';
    expect(await signInWith(id)).toBe(id);
    const { rows } = await t.db.query<{ action: string }>(
      'SELECT action FROM admin_logs WHERE request_id = $1',
      [id],
    );
    expect(rows.map((r) => r.action)).toEqual(['sign_in']);
  });

  it('is replaced by a fresh id when absent or malformed', async () => {
    expect(await signInWith(undefined)).toMatch(UUID);
    for (const bad of ['two words', 'x'.repeat(129), 'id\u00e9', '<script>', ''])
      expect(await signInWith(bad)).toMatch(UUID);
  });
});
