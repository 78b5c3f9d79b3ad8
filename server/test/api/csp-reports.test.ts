import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientNetworkOf } from '../../src/http/client-address';
import { CSP_REPORT_LIMITS, CSP_REPORT_MAX_BYTES } from '../../src/http/csp-reports';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * `/csp-reports` takes reports from anyone, unauthenticated (issue 39): each client address (an
 * IPv6 /64) within a small token bucket, each report within 8 KiB, every outcome counted on
 * /metrics. Before, it logged any number of 64 KiB reports.
 */
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const REPORT = JSON.stringify({
  'csp-report': { 'document-uri': 'http://x/', 'violated-directive': 'script-src-elem' },
});

const post = (remoteAddress: string, payload = REPORT) =>
  t.app.inject({
    method: 'POST',
    url: '/csp-reports',
    headers: { 'content-type': 'application/csp-report' },
    payload,
    remoteAddress,
  });

/** `bo_csp_reports_total` of each outcome, as /metrics says it. */
async function reportCounts() {
  const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
  const of = (outcome: string) => {
    const line = text
      .split('\n')
      .find((l) => l.startsWith(`bo_csp_reports_total{outcome="${outcome}"}`));
    return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
  };
  return { logged: of('logged'), rate_limited: of('rate_limited'), too_large: of('too_large') };
}

/** The counts of `before` moved by `moved`. */
const plus = (before: Record<string, number>, moved: Record<string, number>) =>
  Object.fromEntries(Object.entries(before).map(([k, v]) => [k, v + (moved[k] ?? 0)]));

describe('/csp-reports', () => {
  it('takes a burst of reports per address, then answers 429 with Retry-After', async () => {
    const before = await reportCounts();
    const { burst } = CSP_REPORT_LIMITS;
    for (let i = 0; i < burst; i++)
      expect((await post('198.51.100.7')).statusCode, `#${i}`).toBe(204);
    const refused = await post('198.51.100.7');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // Another address has a bucket of its own.
    expect((await post('198.51.100.8')).statusCode).toBe(204);
    expect(await reportCounts()).toEqual(plus(before, { logged: burst + 1, rate_limited: 1 }));
  });

  it('counts an IPv6 host by its /64 network', async () => {
    for (let i = 0; i < CSP_REPORT_LIMITS.burst; i++)
      expect((await post(`2001:db8:1:2::${i + 1}`)).statusCode).toBe(204);
    expect((await post('2001:db8:1:2:ffff:ffff:ffff:ffff')).statusCode).toBe(429);
    expect((await post('2001:db8:1:3::1')).statusCode).toBe(204);
    expect(clientNetworkOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientNetworkOf('::1')).toBe('0:0:0:0::/64');
    expect(clientNetworkOf('fe80:0:0:0:a:b:c:d')).toBe('fe80:0:0:0::/64');
    expect(clientNetworkOf('203.0.113.9')).toBe('203.0.113.9');
  });

  it('refuses a report over 8 KiB with 413, before it is logged or costs a token', async () => {
    const before = await reportCounts();
    const padded = (bytes: number) => JSON.stringify({ r: 'x'.repeat(bytes - 8) });
    expect(padded(CSP_REPORT_MAX_BYTES)).toHaveLength(CSP_REPORT_MAX_BYTES);
    for (let i = 0; i < CSP_REPORT_LIMITS.burst + 2; i++)
      expect((await post('198.51.100.20', padded(CSP_REPORT_MAX_BYTES + 1))).statusCode).toBe(413);
    expect((await post('198.51.100.20', padded(CSP_REPORT_MAX_BYTES))).statusCode).toBe(204);
    expect(await reportCounts()).toEqual(
      plus(before, { too_large: CSP_REPORT_LIMITS.burst + 2, logged: 1 }),
    );
  });

  it("forgets an address's bucket once it is full again, leaving other uses' buckets", async () => {
    expect((await post('198.51.100.30')).statusCode).toBe(204);
    await t.db.query(
      `INSERT INTO api_rate_buckets VALUES ('some-api-key', 1, now() - interval '1 day')`,
    );
    // Refilled long enough ago to be full: the same as no bucket.
    await t.db.query(
      `UPDATE api_rate_buckets SET refilled_at = now() - interval '1 hour' WHERE key_id = 'csp:198.51.100.30'`,
    );
    expect((await post('198.51.100.31')).statusCode).toBe(204);
    const { rows } = await t.db.query<{ key_id: string }>(
      `SELECT key_id FROM api_rate_buckets WHERE key_id IN ('csp:198.51.100.30', 'csp:198.51.100.31', 'some-api-key') ORDER BY key_id`,
    );
    expect(rows.map((r) => r.key_id)).toEqual(['csp:198.51.100.31', 'some-api-key']);
  });
});
