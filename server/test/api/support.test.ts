import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureGateway } from '../../src/modules/gateways/gateways.service';
import { loggedActions } from '../support/admin-log';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
type Auth = { accessToken: string; accessUsername: string };
let admin: Auth, merchant: Auth, merchant2: Auth, reseller: Auth, sub: Auth;

interface Row {
  id: string;
  account_db_code: string;
  created_by: string;
  category: string;
  subject: string;
  status: string;
  admin_note: string | null;
  handled_by: string | null;
  transaction_reference: string | null;
}
interface Page {
  rows: Row[];
  total: number;
  status_counts: Record<string, number>;
}

const request = (extra: Record<string, string> = {}) => ({
  subject: 'Pay-in stuck in processing',
  category: 'payin',
  message: 'Our pay-in has been processing for an hour, please check it.',
  ...extra,
});

const countRequests = async () =>
  Number(
    (await t.db.query<{ n: bigint }>('SELECT count(*) AS n FROM support_requests')).rows[0]!.n,
  );

const listOf = async (auth: Auth, fields: Record<string, string> = {}) => {
  const answer = await t.call<Page>('getSupportRequestList', { ...auth, ...fields });
  expect(answer.status).toBe(200);
  return answer.data;
};

const file = async (auth: Auth, extra: Record<string, string> = {}) => {
  const answer = await t.call<Row>('createSupportRequest', { ...auth, ...request(extra) });
  expect(answer.status).toBe(200);
  return answer.data;
};

beforeAll(async () => {
  t = await startTestApp();
  const [a, m, m2, r, s] = await Promise.all(
    ['admin', 'merchant', 'merchant2', 'reseller', 'sub'].map((n) => t.signIn(`${n}@demo.test`)),
  );
  [admin, merchant, merchant2, reseller, sub] = [a!, m!, m2!, r!, s!];
});
afterAll(() => t.close());

describe('createSupportRequest', () => {
  it('refuses a bad request naming the field, recording nothing', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ subject: '' }, 'subject is required'],
      [
        { category: 'refund' },
        'category must be one of payin, payout, settlement, account, technical, other',
      ],
      [{ category: '' }, 'category is required'],
      [{ message: 'help' }, 'message must be at least 10 characters'],
      [{ subject: 'x'.repeat(151) }, 'subject must be at most 150 characters'],
      [
        { transactionReference: 'r'.repeat(101) },
        'transactionReference must be at most 100 characters',
      ],
    ];
    for (const [extra, message] of cases) {
      const answer = await t.call('createSupportRequest', { ...merchant, ...request(extra) });
      expect(answer).toMatchObject({ status: 400, message });
    }
    expect(await countRequests()).toBe(0);
  });

  it('records an open request for the caller, admin-logged', async () => {
    const row = await file(merchant, { transactionReference: 'ORDER-42' });
    expect(row).toMatchObject({
      account_db_code: 'MER00001',
      created_by: 'merchant',
      category: 'payin',
      status: 'open',
      transaction_reference: 'ORDER-42',
      admin_note: null,
    });
    expect(await loggedActions(t.db, 'support_request.create')).toContainEqual(
      expect.objectContaining({ actor_username: 'merchant', target_id: row.id }),
    );
  });
});

describe('getSupportRequestList scope', () => {
  it('shows each account only its own requests, and an admin everyone’s', async () => {
    const mine = await file(merchant, { subject: 'Settlement question', category: 'settlement' });
    const theirs = await file(merchant2, { subject: 'Account locked', category: 'account' });
    const resellers = await file(reseller, { category: 'technical' });

    const ids = (page: Page) => page.rows.map((r) => r.id);
    expect(ids(await listOf(merchant))).toContain(mine.id);
    expect(ids(await listOf(merchant))).not.toContain(theirs.id);
    expect((await listOf(merchant)).rows.every((r) => r.account_db_code === 'MER00001')).toBe(true);
    expect(ids(await listOf(merchant2))).toEqual([theirs.id]);
    // A reseller sees its own requests, not its merchants'.
    expect(ids(await listOf(reseller))).toEqual([resellers.id]);
    expect(ids(await listOf(admin))).toEqual(
      expect.arrayContaining([mine.id, theirs.id, resellers.id]),
    );
    // Searching for a foreign id finds nothing.
    expect((await listOf(merchant2, { search: mine.id })).total).toBe(0);
    expect((await listOf(admin, { search: mine.id })).rows.map((r) => r.id)).toEqual([mine.id]);
  });

  it('filters by status, category, dates and search, with counts per status', async () => {
    const page = await listOf(admin, { category: 'settlement' });
    expect(page.rows.length).toBeGreaterThan(0);
    expect(page.rows.every((r) => r.category === 'settlement')).toBe(true);
    expect(
      (await listOf(admin, { search: 'MER00002' })).rows.every(
        (r) => r.account_db_code === 'MER00002',
      ),
    ).toBe(true);
    expect((await listOf(admin, { search: 'ORDER-42' })).total).toBe(1);
    expect(
      (await listOf(admin, { from: '2000-01-01T00:00:00Z', to: '2000-01-02T00:00:00Z' })).total,
    ).toBe(0);
    const all = await listOf(admin);
    expect(all.status_counts.open).toBe(all.total);
    expect((await listOf(admin, { status: 'closed' })).total).toBe(0);
    const bad = await t.call('getSupportRequestList', { ...admin, category: 'refund' });
    expect(bad.status).toBe(400);
  });

  it('exports only the caller’s own requests', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/controller/admin/exportList',
      payload: { ...merchant2, call: 'getSupportRequestList', format: 'csv' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('MER00002');
    expect(response.body).not.toContain('MER00001');
    expect(response.body).toContain('Account locked');
  });
});

describe('updateSupportRequestStatus', () => {
  it('lets an admin answer then close a request with a note, admin-logged', async () => {
    const row = await file(merchant, { subject: 'Please answer' });
    const answered = await t.call<Row>('updateSupportRequestStatus', {
      ...admin,
      id: row.id,
      status: 'answered',
      note: 'We re-sent the callback.',
    });
    expect(answered.status).toBe(200);
    expect(answered.data).toMatchObject({
      status: 'answered',
      admin_note: 'We re-sent the callback.',
      handled_by: 'admin',
    });
    const closed = await t.call<Row>('updateSupportRequestStatus', {
      ...admin,
      id: row.id,
      status: 'closed',
      note: 'Solved.',
    });
    expect(closed.data.status).toBe('closed');
    const logs = (await loggedActions(t.db, 'support_request.status')).filter(
      (l) => l.target_id === row.id,
    );
    expect(logs).toEqual([
      expect.objectContaining({
        actor_username: 'admin',
        before: { status: 'open', admin_note: null },
        after: { status: 'answered', admin_note: 'We re-sent the callback.' },
      }),
      expect.objectContaining({ after: { status: 'closed', admin_note: 'Solved.' } }),
    ]);
    // The merchant sees it closed with the admin's note.
    const seen = (await listOf(merchant, { search: row.id })).rows[0]!;
    expect(seen).toMatchObject({ status: 'closed', admin_note: 'Solved.' });
    // Closed is final.
    const again = await t.call('updateSupportRequestStatus', {
      ...admin,
      id: row.id,
      status: 'answered',
      note: 'Late',
    });
    expect(again.status).toBe(409);
  });

  it('refuses a missing note and an unknown status, changing nothing', async () => {
    const row = await file(merchant, { subject: 'Note needed' });
    const noNote = await t.call('updateSupportRequestStatus', {
      ...admin,
      id: row.id,
      status: 'closed',
      note: ' ',
    });
    expect(noNote).toMatchObject({ status: 400, message: 'note is required' });
    const badStatus = await t.call('updateSupportRequestStatus', {
      ...admin,
      id: row.id,
      status: 'open',
      note: 'x',
    });
    expect(badStatus).toMatchObject({
      status: 400,
      message: 'status must be one of answered, closed',
    });
    expect((await listOf(admin, { search: row.id })).rows[0]!.status).toBe('open');
  });

  it('lets the owner close its own request but never answer it; foreign ids are not found', async () => {
    const row = await file(merchant, { subject: 'Solved myself' });
    const answer = await t.call('updateSupportRequestStatus', {
      ...merchant,
      id: row.id,
      status: 'answered',
      note: 'x',
    });
    expect(answer.status).toBe(403);
    const foreign = await t.call('updateSupportRequestStatus', {
      ...merchant2,
      id: row.id,
      status: 'closed',
      note: 'Not mine',
    });
    expect(foreign.status).toBe(404);
    const unknown = await t.call('updateSupportRequestStatus', {
      ...admin,
      id: '00000000-0000-4000-8000-000000000000',
      status: 'closed',
      note: 'x',
    });
    expect(unknown.status).toBe(404);
    expect((await listOf(merchant, { search: row.id })).rows[0]!.status).toBe('open');
    const own = await t.call<Row>('updateSupportRequestStatus', {
      ...merchant,
      id: row.id,
      status: 'closed',
      note: 'Found it, thanks',
    });
    expect(own.status).toBe(200);
    expect(own.data).toMatchObject({ status: 'closed', handled_by: 'merchant' });
  });
});

describe('access', () => {
  it('refuses accounts without the technical module on every call', async () => {
    const calls: [string, Record<string, string>][] = [
      ['createSupportRequest', request()],
      ['getSupportRequestList', {}],
      [
        'updateSupportRequestStatus',
        { id: '00000000-0000-4000-8000-000000000000', status: 'closed', note: 'x' },
      ],
      ['getTechnicalInformation', {}],
    ];
    const before = await countRequests();
    for (const [name, fields] of calls) {
      const answer = await t.call(name, { ...sub, ...fields });
      expect(answer.status, name).toBe(403);
    }
    expect(await countRequests()).toBe(before);
  });

  it('lets a sub-account with technical file for its parent and see its parent’s requests', async () => {
    const created = await t.call('createSubAccount', {
      ...merchant2,
      email: 'support.sub@x.test',
      username: 'supportsub',
      name: 'Support Sub',
      modules: 'technical',
      temporaryPassword: 'Temporary#Pass1',
    });
    expect(created.status).toBe(200);
    const step = await t.call<{ challenge_token: string }>('login', {
      email: 'support.sub@x.test',
      password: 'Temporary#Pass1',
    });
    const session = await t.call<{ token: string; username: string }>('updateNewPassword', {
      challengeToken: step.data.challenge_token,
      newPassword: 'My-Own#Pass2026',
    });
    const subAuth = { accessToken: session.data.token, accessUsername: session.data.username };
    const row = await file(subAuth, { subject: 'From the sub-account' });
    expect(row).toMatchObject({ account_db_code: 'MER00002', created_by: 'supportsub' });
    const parentSees = (await listOf(merchant2)).rows.map((r) => r.id);
    expect(parentSees).toContain(row.id);
    const subSees = await listOf(subAuth);
    expect(subSees.rows.map((r) => r.id)).toEqual(parentSees);
  });
});

describe('getTechnicalInformation', () => {
  it('tells the sandbox’s amount rules, its gateways and how callbacks are sent', async () => {
    await ensureGateway(t.db, {
      code: 'SBX-THB-TEST',
      name: 'Sandbox THB',
      dbCode: 'PG-TEST',
      currency: 'THB',
      country: 'Thailand',
      balanceLimit: 0n,
      payinCostPpm: 0,
      payinCostFixed: 0n,
      payoutCostPpm: 0,
      payoutCostFixed: 0n,
      sandboxSuccessPpm: 875_000,
      sandboxLatencyMs: 150,
    });
    const answer = await t.call<{
      merchant_api_path: string;
      sandbox: {
        amount_rules: { minor_units_ending: string; outcome: string }[];
        gateways: { currency: string; success_rate_percent: string }[];
      };
      callbacks: { max_attempts: number; source_addresses: string[] };
    }>('getTechnicalInformation', merchant);
    expect(answer.status).toBe(200);
    expect(answer.data.merchant_api_path).toBe('/api/v1');
    expect(answer.data.sandbox.amount_rules).toEqual([
      { minor_units_ending: '01', outcome: 'failed' },
      { minor_units_ending: '02', outcome: 'silent' },
      { minor_units_ending: '03', outcome: 'success' },
    ]);
    expect(answer.data.sandbox.gateways).toContainEqual({
      payment_gateway_code: 'SBX-THB-TEST',
      currency: 'THB',
      success_rate_percent: '87.5000',
      latency_ms: t.config.sandboxLatencyMs ?? 150,
    });
    expect(answer.data.callbacks.max_attempts).toBe(t.config.notifyMaxAttempts);
  });
});
