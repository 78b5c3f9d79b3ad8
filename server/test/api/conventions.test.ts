import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let auth: { accessToken: string; accessUsername: string };

beforeAll(async () => {
  t = await startTestApp({ BODY_LIMIT_BYTES: '20000' });
  auth = await t.signIn('admin@demo.test');
});
afterAll(() => t.close());

describe('back-office call conventions', () => {
  it('answers an unknown call with 404 in the envelope', async () => {
    const answer = await t.call('noSuchCall', auth);
    expect(answer).toMatchObject({
      httpStatus: 404,
      status: 404,
      message: 'There is no call named noSuchCall',
    });
  });

  it('accepts multipart, urlencoded and JSON bodies alike', async () => {
    for (const encoding of ['multipart', 'urlencoded', 'json'] as const) {
      const answer = await t.call('getUserFullData', auth, { encoding });
      expect(answer.httpStatus).toBe(200);
      expect(answer).toMatchObject({
        status: 200,
        message: 'Success',
        data: { username: 'admin' },
      });
    }
  });

  it('names the missing field and changes nothing', async () => {
    const answer = await t.call('updateProfile', { ...auth, lang: 'en', timezone: 'Default' });
    expect(answer).toMatchObject({ httpStatus: 400, status: 400, message: 'name is required' });
  });

  it('names a field of the wrong kind', async () => {
    const bad = await t.call('updateProfile', {
      ...auth,
      name: 'Ops',
      lang: 'klingon',
      timezone: 'Default',
    });
    expect(bad.status).toBe(400);
    expect(bad.message).toBe('lang must be one of en, fr, es, zh, ar');
    const json = await t.call('login', { email: 42, password: 'x' } as never, { encoding: 'json' });
    expect(json).toMatchObject({ status: 400, message: 'email must be a string' });
    const page = await t.call('getAdminLogs', { ...auth, page: 'two' });
    expect(page).toMatchObject({ status: 400, message: 'page must be a whole number' });
  });

  it('refuses a field longer than its limit', async () => {
    const answer = await t.call('updateProfile', {
      ...auth,
      name: 'x'.repeat(121),
      lang: 'en',
      timezone: 'Default',
    });
    expect(answer).toMatchObject({ status: 400, message: 'name must be at most 120 characters' });
  });

  it('refuses a body over the limit with 413 in the envelope', async () => {
    const answer = await t.call(
      'updateProfile',
      { ...auth, name: 'x'.repeat(30_000), lang: 'en', timezone: 'Default' },
      { encoding: 'urlencoded' },
    );
    expect(answer).toMatchObject({
      httpStatus: 413,
      status: 413,
      message: 'The request is too large',
    });
  });

  it('refuses a file upload', async () => {
    const form = new FormData();
    form.append('accessToken', auth.accessToken);
    form.append('accessUsername', auth.accessUsername);
    form.append('file', new Blob(['hello']), 'hello.txt');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const response = await t.app.inject({
      method: 'POST',
      url: '/controller/admin/getUserFullData',
      payload: Buffer.from(await request.arrayBuffer()),
      headers: { 'content-type': request.headers.get('content-type') ?? '' },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ status: 413, message: 'The request is too large' });
  });

  it('answers malformed JSON with 400 and no internals', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/controller/admin/login',
      payload: '{"email": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^The request could not be read/);
  });

  it('stores injection-looking text verbatim and returns it unchanged', async () => {
    const name = `Robert'); DROP TABLE accounts;-- <script>alert("x")</script> %_\\`;
    const saved = await t.call<{ name: string }>('updateProfile', {
      ...auth,
      name,
      lang: 'en',
      timezone: 'Default',
    });
    expect(saved.status).toBe(200);
    expect(saved.data.name).toBe(name);
    const read = await t.call<{ profileInfo: { name: string } }>('getUserFullData', auth);
    expect(read.data.profileInfo.name).toBe(name);
    const accounts = await t.db.query<{ n: bigint }>('SELECT count(*) AS n FROM accounts');
    expect(accounts.rows[0]!.n).toBeGreaterThan(0n);
  });

  it('gives every response a request id', async () => {
    const answer = await t.call('getUserFullData', auth);
    expect(String(answer.headers['x-request-id'])).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers non-call paths under /controller with 404 in the envelope', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/controller/admin/login' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: 404, message: 'Not found' });
  });
});
