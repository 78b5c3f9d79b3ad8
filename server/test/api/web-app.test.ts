import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { gunzipSync, gzipSync } from 'node:zlib';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let dist: string;
/** As the build writes it: left to right, its Bootstrap link naming both builds (first-fetches.ts). */
const INDEX =
  '<!doctype html><html lang="en" dir="ltr"><head>' +
  '<link id="bootstrap-css" rel="stylesheet" href="/assets/bootstrap.min-L.css" data-rtl-href="/assets/bootstrap.rtl.min-R.css" />' +
  '<title>bo</title></head><body><div id="root"></div></body></html>';

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'bo-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1);');
  // What the build's precompress step writes beside a file (web/build/precompress.ts).
  writeFileSync(path.join(dist, 'assets', 'app.js.gz'), gzipSync('console.log(1);'));
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
  t = await startTestApp({ WEB_DIST_DIR: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const ask = (method: 'GET' | 'HEAD', url: string) => t.app.inject({ method, url });

describe('the web app', () => {
  it('answers GET of any screen path with index.html', async () => {
    for (const url of ['/', '/transactions', '/payout/abc/details']) {
      const r = await ask('GET', url);
      expect(r.statusCode, url).toBe(200);
      expect(r.headers['content-type'], url).toMatch(/^text\/html/);
      expect(r.body, url).toBe(INDEX);
    }
  });

  it('answers right to left, with the RTL stylesheet, a browser whose last direction was', async () => {
    const withCookie = (cookie: string) =>
      t.app.inject({ method: 'GET', url: '/login', headers: { cookie } });
    const rtl = await withCookie('bo.theme=x; bo_dir=rtl');
    expect(rtl.body).toContain('<html lang="ar" dir="rtl">');
    expect(rtl.body).toContain('href="/assets/bootstrap.rtl.min-R.css"');
    expect(rtl.body).not.toContain('bootstrap.min-L.css');
    for (const cookie of ['bo_dir=ltr', 'bo_dir=rtlx', 'xbo_dir=rtl', ''])
      expect((await withCookie(cookie)).body, cookie).toBe(INDEX);
  });

  it('answers HEAD like GET, without the body', async () => {
    for (const url of ['/', '/transactions', '/assets/app.js']) {
      const [get, head] = [await ask('GET', url), await ask('HEAD', url)];
      expect(head.statusCode, url).toBe(200);
      expect(head.headers['content-type'], url).toBe(get.headers['content-type']);
      expect(head.body, url).toBe('');
    }
  });

  it('never answers an unknown API path with the app', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      expect((await ask(method, '/controller/admin/noSuchCall')).statusCode).toBe(404);
      expect((await ask(method, '/api/v1/nothing')).statusCode).toBe(404);
    }
    expect((await t.app.inject({ method: 'DELETE', url: '/transactions' })).statusCode).toBe(404);
  });

  it("sends the build's gzip copy to a browser that accepts it, and the plain file otherwise", async () => {
    const zipped = await t.app.inject({
      method: 'GET',
      url: '/assets/app.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['content-type']).toMatch(/javascript/);
    expect(zipped.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(zipped.rawPayload).toString()).toBe('console.log(1);');
    const plain = await t.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1);');
  });

  it('lets browsers keep the hashed files under /assets/ for a year, and nothing else', async () => {
    const asset = await ask('GET', '/assets/app.js');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const favicon = await ask('GET', '/favicon.svg');
    expect(favicon.headers['cache-control']).not.toMatch(/immutable/);
  });
});
