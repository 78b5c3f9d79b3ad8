import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let tls: TestApp;
let dist: string;
const INDEX =
  '<!doctype html><meta property="csp-nonce" nonce="__CSP_NONCE__"><div id="root"></div>';

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'bo-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1);');
  t = await startTestApp({ WEB_DIST_DIR: dist });
  tls = await startTestApp({ WEB_DIST_DIR: dist, PUBLIC_URL: 'https://pay.example.com' });
});
afterAll(async () => {
  await t?.close();
  await tls?.close();
  rmSync(dist, { recursive: true, force: true });
});

const policyOf = (headers: Record<string, unknown>) =>
  Object.fromEntries(
    String(headers['content-security-policy'])
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values]),
  ) as Record<string, string[]>;

describe('security headers', () => {
  const answers = () =>
    Promise.all([
      t.app.inject({ method: 'GET', url: '/login' }),
      t.app.inject({ method: 'GET', url: '/assets/app.js' }),
      t.app.inject({ method: 'POST', url: '/controller/admin/getAppSettings', payload: {} }),
      t.app.inject({ method: 'GET', url: '/api/v1/balance' }),
      t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' }),
      t.app.inject({ method: 'GET', url: '/healthz' }),
      t.app.inject({ method: 'DELETE', url: '/nothing' }),
    ]);

  it('are on every answer: app, assets, back-office and merchant API, errors', async () => {
    for (const r of await answers()) {
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      expect(r.headers['referrer-policy']).toBe('no-referrer');
      expect(r.headers['x-frame-options']).toBe('DENY');
      expect(r.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(r.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(r.headers['x-powered-by']).toBeUndefined();
      const csp = policyOf(r.headers);
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
      expect(csp['report-uri']).toEqual(['/csp-reports']);
      // No HSTS over plain http (PUBLIC_URL defaults to http://localhost:<PORT>).
      expect(r.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('are the same on the data routes (fixed once) as helmet sets elsewhere, nonce aside', async () => {
    const securityHeaders = (headers: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(headers)
          .filter(
            ([name]) =>
              !/^(content-(type|length)|date|connection|cache-control|etag|last-modified|accept-ranges|x-request-id|keep-alive)$/.test(
                name,
              ),
          )
          .map(([name, value]) => [
            name,
            name === 'content-security-policy'
              ? String(value).replace(/ 'nonce-[0-9a-f]+'/g, '')
              : value,
          ]),
      );
    for (const app of [t, tls]) {
      // A path no route has: its 404 carries helmet's headers.
      const helmetAnswer = await app.app.inject({ method: 'GET', url: '/no-such-thing' });
      const helmetHeaders = securityHeaders(helmetAnswer.headers);
      expect(Object.keys(helmetHeaders).length).toBeGreaterThanOrEqual(11);
      for (const data of [
        app.app.inject({ method: 'POST', url: '/controller/admin/getAppSettings', payload: {} }),
        app.app.inject({ method: 'GET', url: '/api/v1/balance' }),
        app.app.inject({ method: 'GET', url: '/api/v1/openapi.json' }),
        app.app.inject({ method: 'POST', url: '/gateway-callbacks/sandbox', payload: {} }),
        app.app.inject({ method: 'GET', url: '/healthz' }),
      ])
        expect(securityHeaders((await data).headers)).toEqual(helmetHeaders);
    }
  });

  it('forbid inline and eval scripts; styles need this answer’s nonce (or a listed hash)', async () => {
    const [first, second] = [
      await t.app.inject({ method: 'GET', url: '/' }),
      await t.app.inject({ method: 'GET', url: '/transactions' }),
    ];
    const csp = policyOf(first.headers);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['script-src']!.filter((s) => !s.startsWith("'nonce-"))).toEqual(["'self'"]);
    expect(csp['script-src-attr']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(String(first.headers['content-security-policy'])).not.toMatch(/unsafe-(inline|eval)/);
    const nonce = csp['style-src']!.find((s) => s.startsWith("'nonce-"))!.slice(7, -1);
    expect(nonce).toMatch(/^[0-9a-f]{32}$/);
    // index.html carries the answer's nonce, for styled-components; each answer has its own.
    expect(first.body).toBe(INDEX.replace('__CSP_NONCE__', nonce));
    expect(first.headers['cache-control']).toBe('no-store');
    expect(second.body).not.toContain(nonce);
    // index.html is never served as the file (with the placeholder).
    const direct = await t.app.inject({ method: 'GET', url: '/index.html' });
    expect(direct.body).not.toContain('__CSP_NONCE__');
  });

  it('never answer CORS: no Access-Control-Allow-Origin, even to a preflight', async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/controller/admin/signIn',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    const call = await t.app.inject({
      method: 'POST',
      url: '/controller/admin/getAppSettings',
      headers: { origin: 'https://evil.example' },
      payload: {},
    });
    expect(call.headers['access-control-allow-origin']).toBeUndefined();
    expect(call.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('add Strict-Transport-Security when the product is served over TLS', async () => {
    const r = await tls.app.inject({ method: 'GET', url: '/login' });
    expect(r.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(policyOf(r.headers)).toHaveProperty('upgrade-insecure-requests');
    expect(loadConfig({ TLS: '1' }).tls).toBe(true);
    expect(loadConfig({}).tls).toBe(false);
    expect(() => loadConfig({ PUBLIC_URL: 'pay.example.com' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ PUBLIC_URL: 'https://pay.example.com/x' })).toThrow(/PUBLIC_URL/);
  });

  it('log CSP reports at /csp-reports and answer 204', async () => {
    const report = {
      'csp-report': { 'document-uri': 'http://x/', 'violated-directive': 'script-src-elem' },
    };
    const r = await t.app.inject({
      method: 'POST',
      url: '/csp-reports',
      headers: { 'content-type': 'application/csp-report' },
      payload: JSON.stringify(report),
    });
    expect(r.statusCode).toBe(204);
    const garbage = await t.app.inject({
      method: 'POST',
      url: '/csp-reports',
      headers: { 'content-type': 'text/plain' },
      payload: 'not json',
    });
    expect(garbage.statusCode).toBe(204);
  });

  it('let the sandbox’s hosted page keep its inline style, still without inline scripts', async () => {
    const r = await t.app.inject({ method: 'GET', url: `/sandbox/pay/${crypto.randomUUID()}` });
    const csp = policyOf(r.headers);
    expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
  });
});
