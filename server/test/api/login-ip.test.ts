import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedActions } from '../support/admin-log';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../support/test-app';

const HOME = '203.0.113.10';
const OFFICE_NET = '192.0.2.0/24';
const STRANGER = '198.51.100.99';

describe('login-IP whitelisting (client address from the socket)', () => {
  let t: TestApp;
  let auth: { accessToken: string; accessUsername: string };
  const login = (remoteAddress: string, headers: Record<string, string> = {}) =>
    t.call(
      'login',
      { email: 'merchant@demo.test', password: DEMO_PASSWORD },
      { remoteAddress, headers },
    );

  beforeAll(async () => {
    t = await startTestApp();
    auth = await t.signIn('merchant@demo.test', DEMO_PASSWORD, { remoteAddress: HOME });
  });
  afterAll(() => t.close());

  it('refuses bad addresses', async () => {
    for (const ip of ['300.1.1.1', 'example.com', '10.0.0.0/33', '1.2.3.4/']) {
      const answer = await t.call('addLoginIp', { ...auth, ip }, { remoteAddress: HOME });
      expect(answer.status).toBe(400);
      expect(answer.message).toMatch(/^ip must be an IPv4 or IPv6 address/);
    }
  });

  it('will not turn on while the current address is not listed', async () => {
    const answer = await t.call(
      'setLoginIpEnabled',
      { ...auth, enabled: '1' },
      { remoteAddress: HOME },
    );
    expect(answer.status).toBe(409);
    expect(answer.message).toContain(HOME);
  });

  it('lists added addresses and networks, refusing duplicates', async () => {
    expect(
      (await t.call('addLoginIp', { ...auth, ip: HOME, label: 'Home' }, { remoteAddress: HOME }))
        .status,
    ).toBe(200);
    expect(
      (
        await t.call(
          'addLoginIp',
          { ...auth, ip: OFFICE_NET, label: 'Office' },
          { remoteAddress: HOME },
        )
      ).status,
    ).toBe(200);
    expect(
      (await t.call('addLoginIp', { ...auth, ip: HOME }, { remoteAddress: HOME })).status,
    ).toBe(409);
    const list = await t.call<{ ips: { ip: string; label: string }[]; current_ip: string }>(
      'getLoginIps',
      auth,
      { remoteAddress: HOME },
    );
    expect(list.data.ips.map((i) => i.ip)).toEqual([HOME, OFFICE_NET]);
    expect(list.data.current_ip).toBe(HOME);
  });

  it('turns on, then admits listed addresses and networks only', async () => {
    const on = await t.call(
      'setLoginIpEnabled',
      { ...auth, enabled: '1' },
      { remoteAddress: HOME },
    );
    expect(on).toMatchObject({ status: 200, data: { login_ip_enabled: 1 } });
    expect((await login(HOME)).status).toBe(200);
    expect((await login('192.0.2.77')).status).toBe(200);
    const refused = await login(STRANGER);
    expect(refused).toMatchObject({ status: 403, data: { reason: 'login_ip_not_allowed' } });
    expect(refused.message).toBe(
      `Sign-in from ${STRANGER} is not allowed for this account; ask for the address to be whitelisted`,
    );
    expect(await loggedActions(t.db, 'sign_in.refused_address')).toContainEqual(
      expect.objectContaining({ client_ip: STRANGER, outcome: 'failure' }),
    );
  });

  it('ignores a spoofed X-Forwarded-For header', async () => {
    const spoofed = await login(STRANGER, { 'x-forwarded-for': HOME });
    expect(spoofed.status).toBe(403);
  });

  it('sees the IPv4 address inside an IPv4-mapped IPv6 socket address', async () => {
    expect((await login(`::ffff:${HOME}`)).status).toBe(200);
  });

  it('will not remove the address that keeps the user in', async () => {
    const list = await t.call<{ ips: { id: string; ip: string }[] }>('getLoginIps', auth, {
      remoteAddress: HOME,
    });
    const home = list.data.ips.find((i) => i.ip === HOME)!;
    const answer = await t.call('removeLoginIp', { ...auth, id: home.id }, { remoteAddress: HOME });
    expect(answer.status).toBe(409);
    const office = list.data.ips.find((i) => i.ip === OFFICE_NET)!;
    expect(
      (await t.call('removeLoginIp', { ...auth, id: office.id }, { remoteAddress: HOME })).status,
    ).toBe(200);
    expect(
      (await t.call('removeLoginIp', { ...auth, id: office.id }, { remoteAddress: HOME })).status,
    ).toBe(404);
    expect(await loggedActions(t.db, 'login_ip.remove')).toHaveLength(1);
  });

  it('turns off and admits anyone with the password again', async () => {
    const off = await t.call(
      'setLoginIpEnabled',
      { ...auth, enabled: '0' },
      { remoteAddress: HOME },
    );
    expect(off.data).toEqual({ login_ip_enabled: 0 });
    expect((await login(STRANGER)).status).toBe(200);
    const changes = await loggedActions(t.db, 'login_ip.enabled');
    expect(changes.map((c) => c.after)).toEqual([{ login_ip_enabled: 1 }, { login_ip_enabled: 0 }]);
  });
});

describe('login-IP whitelisting behind a trusted proxy (TRUST_PROXY=1)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: '1' });
    const auth = await t.signIn('merchant2@demo.test', DEMO_PASSWORD, {
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-for': HOME },
    });
    const proxied = { remoteAddress: '10.0.0.2', headers: { 'x-forwarded-for': HOME } };
    expect((await t.call('addLoginIp', { ...auth, ip: HOME }, proxied)).status).toBe(200);
    expect((await t.call('setLoginIpEnabled', { ...auth, enabled: '1' }, proxied)).status).toBe(
      200,
    );
  });
  afterAll(() => t.close());

  /** A sign-in that reaches us through our proxy (10.0.0.2) with this X-Forwarded-For. */
  const via = (forwarded: string) =>
    t.call(
      'login',
      { email: 'merchant2@demo.test', password: DEMO_PASSWORD },
      { remoteAddress: '10.0.0.2', headers: { 'x-forwarded-for': forwarded } },
    );

  it('takes the address from the forwarded header', async () => {
    expect((await via(HOME)).status).toBe(200);
    expect((await via(STRANGER)).status).toBe(403);
  });

  it('takes the address our proxy appended, not one the client wrote before it', async () => {
    // A stranger who sends "X-Forwarded-For: HOME" arrives through our proxy as "HOME, STRANGER".
    expect((await via(`${HOME}, ${STRANGER}`)).status).toBe(403);
    expect((await via(`${STRANGER}, ${HOME}`)).status).toBe(200);
  });
});
