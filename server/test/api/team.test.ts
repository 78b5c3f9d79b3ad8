import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Team } from '@bo/contract';
import { loggedActions } from '../support/admin-log';
import { totpCode } from '../support/otp';
import { SmtpInbox, type ReceivedMail } from '../support/smtp-inbox';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../support/test-app';

/**
 * The team screen's calls (issue 40): invite an admin by email (the mail's link sets the
 * password), choose its modules, deactivate it (its sessions end), require 2FA of the team
 * (set up at the next sign-in); an invitation, a module given, an activation and the 2FA rule's
 * end only with a second admin.
 */
const PUBLIC_URL = 'https://pay.example.test';
const ADMIN = 'admin@demo.test';
const ADMIN2 = 'admin2@demo.test';
const NEW_PASSWORD = 'Invited#Password2026';
const REASON = 'Covers the night shift approvals';

type Session = { accessToken: string; accessUsername: string };
let t: TestApp;
let inbox: SmtpInbox;
const sessions = new Map<string, Session>();

beforeAll(async () => {
  inbox = await new SmtpInbox().start();
  t = await startTestApp({ SMTP_URL: inbox.url, PUBLIC_URL });
  for (const email of [ADMIN, ADMIN2]) sessions.set(email, await t.signIn(email));
});
afterAll(async () => {
  await t?.close();
  await inbox?.stop();
});

const as = <T = Team>(email: string, call: string, fields: Record<string, string> = {}) =>
  t.call<T>(call, { ...sessions.get(email)!, ...fields });
const team = async () => (await as(ADMIN, 'getTeam')).data;
const member = async (email: string) => (await team()).members.find((m) => m.email === email);

const invitationTo = (email: string) =>
  inbox.waitFor((m) => m.to.includes(email) && m.subject === 'You are invited to the back office');
const tokenOf = (mail: ReceivedMail) => {
  const link = /https:\/\/pay\.example\.test\/account\/reset-password#token=([\w-]+)/.exec(
    mail.text,
  );
  if (!link) throw new Error(`no invitation link in ${mail.text}`);
  return link[1]!;
};

/**
 * Invites `email` (admin asks, admin2 approves: every invitation waits for a second admin) and
 * sets its password through the mail.
 */
async function inviteAndAccept(email: string, username: string, modules = 'payin,reports') {
  const invited = await as(ADMIN, 'inviteAdmin', {
    email,
    username,
    name: username,
    modules,
    reason: REASON,
  });
  expect(invited.status, invited.message).toBe(200);
  expect(invited.data.members.some((m) => m.email === email)).toBe(false);
  const change = invited.data.pending_changes.find((c) => c.target === email)!;
  expect(change).toMatchObject({ kind: 'admin_invite', requested_by: 'admin' });
  const approved = await as(ADMIN2, 'approveSettingChange', { id: change.id });
  expect(approved.status, approved.message).toBe(200);
  const token = tokenOf(await invitationTo(email));
  const set = await t.call('resetPassword', { token, password: NEW_PASSWORD });
  expect(set.status, set.message).toBe(200);
}

describe('the team', () => {
  it('lists every admin with modules, status and 2FA, marking the caller', async () => {
    const answer = await as(ADMIN, 'getTeam');
    expect(answer.status, answer.message).toBe(200);
    expect(answer.data.requires_two_factor).toBe(0);
    expect(answer.data.members.map((m) => m.email)).toEqual(
      expect.arrayContaining([ADMIN, ADMIN2, 'admin3@demo.test']),
    );
    expect(answer.data.members.find((m) => m.email === ADMIN)).toMatchObject({
      is_you: 1,
      status: 'active',
      otp_enabled: 0,
      modules: expect.arrayContaining(['administrator', 'payin']),
    });
  });

  it('is refused to a reseller and a merchant (an admin without the administrator module: below)', async () => {
    for (const email of ['reseller@demo.test', 'merchant@demo.test']) {
      const session = await t.signIn(email);
      expect((await t.call('getTeam', session)).status).toBe(403);
      expect((await t.call('setTeamTwoFactor', { ...session, required: '1' })).status).toBe(403);
    }
  });
});

describe('inviting an admin', () => {
  it('mails a link that sets the password; the new admin signs in with only its modules', async () => {
    await inviteAndAccept('ops1@demo.test', 'ops1');
    expect(await member('ops1@demo.test')).toMatchObject({
      modules: ['payin', 'reports'],
      status: 'active',
      invitation_open: 0,
    });
    const session = await t.signIn('ops1@demo.test', NEW_PASSWORD);
    const user = await t.call<{ account_type: string; modules: { name: string }[] }>(
      'getUserFullData',
      session,
    );
    expect(user.data.account_type).toBe('admin');
    expect(user.data.modules.map((m) => m.name)).toEqual(['payin', 'reports']);
    // Modules are enforced: no administrator module, no team screen nor payouts.
    expect((await t.call('getTeam', session)).status).toBe(403);
    expect((await t.call('getPayoutList', session)).status).toBe(403);
    // Made when admin2 approved what admin asked.
    expect((await loggedActions(t.db, 'team.invite')).at(-1)).toMatchObject({
      actor_username: 'admin2',
      after: { email: 'ops1@demo.test', modules: ['payin', 'reports'], requested_by: 'admin' },
    });
    // The team hears of it (the team_changed alert), admin2 included.
    const alerts = await t.db.query<{ recipient: string }>(
      `SELECT recipient FROM mail_outbox WHERE kind = 'alert.team_changed'`,
    );
    expect(alerts.rows.map((r) => r.recipient)).toContain(ADMIN2);
  });

  it('refuses a taken email, an unknown module and no reason, changing nothing', async () => {
    const taken = await as(ADMIN, 'inviteAdmin', {
      email: ADMIN2,
      username: 'someone',
      name: 'Someone',
      modules: 'payin',
      reason: REASON,
    });
    expect(taken.status).toBe(409);
    const unknown = await as(ADMIN, 'inviteAdmin', {
      email: 'ops9@demo.test',
      username: 'ops9',
      name: 'Ops 9',
      modules: 'payin,root',
      reason: REASON,
    });
    expect(unknown.status).toBe(400);
    // Without the administrator module too: a second pair of hands for one's own requests.
    const noReason = await as(ADMIN, 'inviteAdmin', {
      email: 'ops9@demo.test',
      username: 'ops9',
      name: 'Ops 9',
      modules: 'top_up',
    });
    expect(noReason.status).toBe(400);
    expect(noReason.message).toMatch(/^reason is required/);
    expect((await team()).pending_changes).toEqual([]);
    expect(await member('ops9@demo.test')).toBeUndefined();
  });

  it('with the administrator module waits until another admin approves it', async () => {
    const fields = {
      email: 'chief@demo.test',
      username: 'chief',
      name: 'Chief',
      modules: 'payin,administrator',
    };
    const noReason = await as(ADMIN, 'inviteAdmin', fields);
    expect(noReason.status).toBe(400);
    expect(noReason.message).toMatch(/^reason is required/);

    const asked = await as(ADMIN, 'inviteAdmin', { ...fields, reason: REASON });
    expect(asked.status, asked.message).toBe(200);
    expect(asked.data.members.some((m) => m.email === 'chief@demo.test')).toBe(false);
    const change = asked.data.pending_changes[0]!;
    expect(change).toMatchObject({
      kind: 'admin_invite',
      target: 'chief@demo.test',
      new_value: 'payin, administrator',
      requested_by: 'admin',
    });
    expect((await as(ADMIN, 'approveSettingChange', { id: change.id })).status).toBe(403);
    expect(await member('chief@demo.test')).toBeUndefined();

    const approved = await as(ADMIN2, 'approveSettingChange', { id: change.id });
    expect(approved.status, approved.message).toBe(200);
    expect(await member('chief@demo.test')).toMatchObject({
      username: 'chief',
      modules: ['payin', 'administrator'],
      invitation_open: 1,
    });
    expect((await team()).pending_changes).toEqual([]);
    const token = tokenOf(await invitationTo('chief@demo.test'));
    expect((await t.call('resetPassword', { token, password: NEW_PASSWORD })).status).toBe(200);
    const session = await t.signIn('chief@demo.test', NEW_PASSWORD);
    expect((await t.call('getTeam', session)).status).toBe(200);
  });
});

describe('changing an admin', () => {
  it('takes modules away at once, but giving any module waits for a second admin', async () => {
    await inviteAndAccept('ops2@demo.test', 'ops2', 'payin,payout');
    const code = (await member('ops2@demo.test'))!.account_db_code;
    const set = await as(ADMIN, 'setAdminModules', { accountDbCode: code, modules: 'payout' });
    expect(set.status, set.message).toBe(200);
    expect(await member('ops2@demo.test')).toMatchObject({ modules: ['payout'] });

    const unexplained = await as(ADMIN, 'setAdminModules', {
      accountDbCode: code,
      modules: 'payout,top_up',
    });
    expect(unexplained.status).toBe(400);
    const asked = await as(ADMIN, 'setAdminModules', {
      accountDbCode: code,
      modules: 'payout,administrator',
      reason: REASON,
    });
    expect(asked.status, asked.message).toBe(200);
    expect(await member('ops2@demo.test')).toMatchObject({ modules: ['payout'] });
    const change = asked.data.pending_changes.find((c) => c.kind === 'admin_modules')!;
    expect(change).toMatchObject({ old_value: 'payout', new_value: 'payout, administrator' });
    expect((await as(ADMIN2, 'approveSettingChange', { id: change.id })).status).toBe(200);
    expect(await member('ops2@demo.test')).toMatchObject({
      modules: ['payout', 'administrator'],
    });
  });

  it('refuses taking your own administrator module or deactivating yourself', async () => {
    const own = (await member(ADMIN))!.account_db_code;
    const modules = await as(ADMIN, 'setAdminModules', { accountDbCode: own, modules: 'payin' });
    expect(modules.status).toBe(400);
    const status = await as(ADMIN, 'setAdminStatus', { accountDbCode: own, status: 'disabled' });
    expect(status.status).toBe(400);
    expect(await member(ADMIN)).toMatchObject({
      status: 'active',
      modules: expect.arrayContaining(['administrator']),
    });
  });

  it('deactivating an admin ends its sessions and refuses its sign-in', async () => {
    await inviteAndAccept('ops3@demo.test', 'ops3');
    const session = await t.signIn('ops3@demo.test', NEW_PASSWORD);
    expect((await t.call('getUserFullData', session)).status).toBe(200);
    const code = (await member('ops3@demo.test'))!.account_db_code;
    const off = await as(ADMIN, 'setAdminStatus', { accountDbCode: code, status: 'disabled' });
    expect(off.status, off.message).toBe(200);
    expect((await t.call('getUserFullData', session)).status).toBe(440);
    const again = await t.call('login', { email: 'ops3@demo.test', password: NEW_PASSWORD });
    expect(again.status).toBe(403);
    expect((await loggedActions(t.db, 'team.deactivate')).at(-1)).toMatchObject({
      after: { status: 'disabled', sessions_ended: 1 },
    });
  });

  it('activating an admin again waits for a second admin, who reads the reason', async () => {
    await inviteAndAccept('ops5@demo.test', 'ops5');
    const code = (await member('ops5@demo.test'))!.account_db_code;
    expect(
      (await as(ADMIN, 'setAdminStatus', { accountDbCode: code, status: 'disabled' })).status,
    ).toBe(200);

    const unexplained = await as(ADMIN, 'setAdminStatus', {
      accountDbCode: code,
      status: 'active',
    });
    expect(unexplained.status).toBe(400);
    expect(unexplained.message).toMatch(/reason/);
    const asked = await as(ADMIN, 'setAdminStatus', {
      accountDbCode: code,
      status: 'active',
      reason: REASON,
    });
    expect(asked.status, asked.message).toBe(200);
    // Nothing changed yet: still deactivated, its sign-in refused.
    expect(await member('ops5@demo.test')).toMatchObject({ status: 'disabled' });
    const refused = await t.call('login', { email: 'ops5@demo.test', password: NEW_PASSWORD });
    expect(refused.status).toBe(403);
    const change = asked.data.pending_changes.find((c) => c.kind === 'admin_activate')!;
    expect(change).toMatchObject({
      target: code,
      old_value: 'disabled',
      new_value: 'active',
      reason: REASON,
      requested_by: 'admin',
    });
    // The one who asked cannot approve it; a second admin can.
    expect((await as(ADMIN, 'approveSettingChange', { id: change.id })).status).toBe(403);
    const approved = await as(ADMIN2, 'approveSettingChange', { id: change.id });
    expect(approved.status, approved.message).toBe(200);
    expect(await member('ops5@demo.test')).toMatchObject({ status: 'active' });
    expect((await t.signIn('ops5@demo.test', NEW_PASSWORD)).accessToken).toBeTruthy();
    expect((await loggedActions(t.db, 'team.activate')).at(-1)).toMatchObject({
      actor_username: 'admin2',
      after: { status: 'active', requested_by: 'admin' },
    });
  });
});

describe('requiring 2FA of the team', () => {
  it('makes an admin without 2FA set it up at the next sign-in', async () => {
    await inviteAndAccept('ops4@demo.test', 'ops4');
    const on = await as(ADMIN, 'setTeamTwoFactor', { required: '1' });
    expect(on.status, on.message).toBe(200);
    expect(on.data.requires_two_factor).toBe(1);

    const first = await t.call<{ next_step: string; challenge_token: string }>('login', {
      email: 'ops4@demo.test',
      password: NEW_PASSWORD,
    });
    expect(first.data.next_step).toBe('otp_setup');
    const challengeToken = first.data.challenge_token;
    const qr = await t.call<{ secret: string }>('beginLoginOtpSetup', { challengeToken });
    expect(qr.status, qr.message).toBe(200);
    const wrong = await t.call('enableLoginOtp', { challengeToken, code: '000000' });
    expect(wrong.status).toBe(403);
    const done = await t.call<{ recovery_codes: string[]; result: { token: string } }>(
      'enableLoginOtp',
      { challengeToken, code: totpCode(qr.data.secret) },
    );
    expect(done.status, done.message).toBe(200);
    expect(done.data.recovery_codes).toHaveLength(10);
    const user = await t.call('getUserFullData', {
      accessToken: done.data.result.token,
      accessUsername: 'ops4',
    });
    expect(user.status).toBe(200);
    expect(await member('ops4@demo.test')).toMatchObject({ otp_enabled: 1 });

    // Merchants are not the team: they sign in as before.
    expect(
      (await t.call('login', { email: 'merchant3@demo.test', password: DEMO_PASSWORD })).data,
    ).toHaveProperty('token');
  });

  it('stops requiring it only once a second admin approves, who reads the reason', async () => {
    expect((await team()).requires_two_factor).toBe(1);
    const unexplained = await as(ADMIN, 'setTeamTwoFactor', { required: '0' });
    expect(unexplained.status).toBe(400);
    const asked = await as(ADMIN, 'setTeamTwoFactor', { required: '0', reason: REASON });
    expect(asked.status, asked.message).toBe(200);
    expect(asked.data.requires_two_factor).toBe(1);
    const change = asked.data.pending_changes.find((c) => c.kind === 'team_two_factor_off')!;
    expect(change).toMatchObject({ old_value: 'required', new_value: 'not required' });
    // Asked twice: the first still waits.
    expect((await as(ADMIN, 'setTeamTwoFactor', { required: '0', reason: REASON })).status).toBe(
      409,
    );
    expect((await as(ADMIN, 'approveSettingChange', { id: change.id })).status).toBe(403);
    const approved = await as(ADMIN2, 'approveSettingChange', { id: change.id });
    expect(approved.status, approved.message).toBe(200);
    expect((await team()).requires_two_factor).toBe(0);
    expect((await loggedActions(t.db, 'team.two_factor_required')).at(-1)).toMatchObject({
      actor_username: 'admin2',
      after: { required: false, requested_by: 'admin' },
    });
  });
});
