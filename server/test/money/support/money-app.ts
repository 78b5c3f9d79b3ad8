import { expect } from 'vitest';
import { connectorFor } from '../../../src/connectors/connector';
import type { SandboxGateway } from '../../../src/connectors/sandbox/sandbox-gateway';
import { findLedgerDrift } from '../../../src/ledger/invariants';
import { signApiRequest } from '../../../src/merchant-api/request-signature';
import { seedDemoMoneySetup, DEMO_API_KEY } from '../../../src/seed/demo-money-setup';
import { startTestApp, type TestApp } from '../../support/test-app';

export interface MoneyApp extends TestApp {
  sandbox: SandboxGateway;
  /** Signs in once per email and sends a call with its credentials. */
  as<T = unknown>(
    email: string,
    name: string,
    fields?: Record<string, string>,
  ): Promise<{ status: number; message: string; data: T }>;
  /** Sends a signed merchant API request. */
  api<T = unknown>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    options?: ApiOptions,
  ): Promise<{ status: number; body: T; headers?: Record<string, unknown> }>;
  /**
   * A money-out approved by two distinct admins (maker-checker: every amount needs two by
   * default): `ADMIN` records the first approval, `ADMIN2` moves it on; answers the second.
   */
  approveByTwo<T = unknown>(
    call: string,
    id: string,
  ): Promise<{ status: number; message: string; data: T }>;
  /**
   * Approval settings put in force by two admins (a guarded change): `ADMIN` asks with
   * `setApprovalSettings`, `ADMIN2` approves each change it made waiting; answers the ask.
   */
  setApprovalSettingsByTwo(
    fields: Record<string, string>,
  ): Promise<{ status: number; message: string; data: unknown }>;
  accountId(code: string): Promise<string>;
  count(table: string): Promise<number>;
  /** Fails the test when the books do not check clean. */
  expectCleanLedger(): Promise<void>;
}

export interface ApiOptions {
  keyId?: string;
  secret?: string;
  timestamp?: number;
  idempotencyKey?: string | null;
  signature?: string;
  rawBody?: string;
  /** Answer the response's headers too (`headers`). */
  withHeaders?: boolean;
  /** Bytes to send as the body (signed as the server decodes them, UTF-8). */
  bytes?: Buffer;
  contentType?: string;
}

export const ADMIN = 'admin@demo.test';
export const ADMIN2 = 'admin2@demo.test';
export const RESELLER = 'reseller@demo.test';
export const RESELLER2 = 'reseller2@demo.test';
export const MERCHANT = 'merchant@demo.test';
export const MERCHANT2 = 'merchant2@demo.test';
export const MERCHANT4 = 'merchant4@demo.test';
export const SUB = 'sub@demo.test';

/** The fields of a rejection: a reason code from the seeded list and a note. */
export const REJECTION = { reasonCode: 'other', note: 'Rejected by a test' };

/** For `count`: the statement imports' staging tables (`recon_staged_<id>`) still there. */
export const STAGING_TABLES = "pg_tables WHERE tablename LIKE 'recon\\_staged\\_%'";

/** A test server with the demo accounts, gateways, contracts and API key; no background jobs. */
export async function startMoneyApp(env: Record<string, string> = {}): Promise<MoneyApp> {
  const t = await startTestApp({
    NO_MONEY_JOBS: '1',
    SANDBOX_LATENCY_MS: '0',
    SANDBOX_DUPLICATE_PPM: '0',
    ...env,
  });
  await t.db.transaction((tx) => seedDemoMoneySetup(tx));
  const sessions = new Map<string, { accessToken: string; accessUsername: string }>();
  let sequence = 0;
  const money: MoneyApp = Object.assign(t, {
    sandbox: connectorFor(t.db, 'sandbox') as SandboxGateway,
    async as<T>(email: string, name: string, fields: Record<string, string> = {}) {
      let session = sessions.get(email);
      if (!session) {
        session = await t.signIn(email);
        sessions.set(email, session);
      }
      const answer = await t.call<T>(name, { ...session, ...fields });
      return { status: answer.status, message: answer.message, data: answer.data };
    },
    async api<T>(method: 'GET' | 'POST', path: string, body?: unknown, o: ApiOptions = {}) {
      const raw =
        o.bytes?.toString('utf8') ?? o.rawBody ?? (body === undefined ? '' : JSON.stringify(body));
      const timestamp = String(o.timestamp ?? Math.floor(Date.now() / 1000));
      // A write gets a fresh key unless told; a read gets one only when given (it is signed too).
      const idempotencyKey =
        o.idempotencyKey === null
          ? ''
          : (o.idempotencyKey ?? (method === 'POST' ? `key-${Date.now()}-${sequence++}` : ''));
      const secret = o.secret ?? DEMO_API_KEY.secret;
      const headers: Record<string, string> = {
        'x-api-key': o.keyId ?? DEMO_API_KEY.keyId,
        'x-timestamp': timestamp,
        'x-signature':
          o.signature ??
          signApiRequest(secret, { timestamp, method, path, idempotencyKey, rawBody: raw }),
      };
      if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
      if (method === 'POST') headers['content-type'] = o.contentType ?? 'application/json';
      const response = await t.app.inject({
        method,
        url: path,
        headers,
        payload: method === 'POST' ? (o.bytes ?? raw) : undefined,
      });
      const answer = { status: response.statusCode, body: response.json() as T };
      return o.withHeaders ? { ...answer, headers: response.headers } : answer;
    },
    async approveByTwo<T>(call: string, id: string) {
      const first = await money.as<{ status: string; approvals?: number }>(ADMIN, call, { id });
      expect(first).toMatchObject({ status: 200, data: { approvals: 1, approvals_required: 2 } });
      return money.as<T>(ADMIN2, call, { id });
    },
    async setApprovalSettingsByTwo(fields: Record<string, string>) {
      const asked = await money.as<{ pending_changes: { id: string }[] }>(
        ADMIN,
        'setApprovalSettings',
        { reason: 'Set by a test', ...fields },
      );
      expect(asked.status, asked.message).toBe(200);
      for (const change of asked.data.pending_changes) {
        const approved = await money.as(ADMIN2, 'approveSettingChange', { id: change.id });
        expect(approved.status, approved.message).toBe(200);
      }
      return asked;
    },
    async accountId(code: string) {
      const { rows } = await t.db.query<{ id: string }>(
        'SELECT id FROM accounts WHERE account_db_code = $1',
        [code],
      );
      return rows[0]!.id;
    },
    async count(table: string) {
      const { rows } = await t.db.query<{ n: bigint }>(`SELECT count(*) AS n FROM ${table}`);
      return Number(rows[0]!.n);
    },
    async expectCleanLedger() {
      expect(await findLedgerDrift(t.db)).toEqual([]);
    },
  });
  return money;
}

/** A valid TRC-20 address (base58check) for tests that settle to a merchant's USDT wallet. */
export const TEST_WALLET_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

/** Saves `email`'s USDT wallet address: a settlement to the wallet needs one. */
export async function saveTestWallet(t: MoneyApp, email: string): Promise<void> {
  const saved = await t.as(email, 'setSettlementWallet', {
    network: 'TRC-20',
    address: TEST_WALLET_ADDRESS,
  });
  if (saved.status !== 200) throw new Error(`setSettlementWallet: ${saved.message}`);
}

/**
 * Gives MER00001 (`MERCHANT`) money to settle and its USDT wallet: 10000.03 THB paid in through
 * the merchant API (the sandbox pays amounts ending in .03), leaving 9750.03 to settle and its
 * reseller 100.00 of commission. `orderId` names the pay-in.
 */
export async function fundDemoMerchant(t: MoneyApp, orderId: string): Promise<void> {
  await saveTestWallet(t, MERCHANT);
  const payin = await t.api('POST', '/api/v1/payins', {
    amount: '10000.03',
    currency: 'THB',
    order_id: orderId,
  });
  expect(payin.status).toBe(201);
  await t.sandbox.idle();
}

/** `fundDemoMerchant`'s 10000.03 THB pay-in, succeeded: its id. */
export async function fundedPayin(t: MoneyApp, orderId: string): Promise<string> {
  await fundDemoMerchant(t, orderId);
  const { rows } = await t.db.query<{ id: string }>('SELECT id FROM payins WHERE order_id = $1', [
    orderId,
  ]);
  return rows[0]!.id;
}

/**
 * A refundable pay-in: `fundDemoMerchant`'s 10000.03 THB pay-in (its id answered), with THB
 * refunds under 300 going to the gateway at once and from 300 waiting for two admins.
 */
export async function refundablePayin(t: MoneyApp, orderId: string): Promise<string> {
  const id = await fundedPayin(t, orderId);
  await t.setApprovalSettingsByTwo({ currency: 'THB', minAmount: '300.00' });
  return id;
}

/**
 * Tops up MER00001's (`MERCHANT`) THB pay-out balance by `amount`: asked by `ADMIN`, approved
 * by `ADMIN2` (maker-checker).
 */
export async function topUpDemoMerchant(t: MoneyApp, amount: string): Promise<void> {
  const topUp = await t.as<{ id: string }>(ADMIN, 'createTopUp', {
    merchantDbCode: 'MER00001',
    currency: 'THB',
    amount,
  });
  const approved = await t.as(ADMIN2, 'approveTopUp', { id: topUp.data.id });
  if (approved.status !== 200) throw new Error(`approveTopUp: ${approved.message}`);
}

/**
 * A THB pay-out of MER00001 through the merchant API, to a fixed bank account; answers it as
 * the API did (its id and status). The pay-out balance must cover it (`topUpDemoMerchant`).
 */
export async function apiPayout(t: MoneyApp, orderId: string, amount: string) {
  const created = await t.api<{ id: string; status: string }>('POST', '/api/v1/payouts', {
    amount,
    currency: 'THB',
    order_id: orderId,
    bank_name: 'SCB',
    account_number: '1234567890',
    account_holder: 'A Holder',
  });
  return created.body;
}

/** A bank transfer as an admin records it when marking a bank settlement done (today's value). */
export const BANK_TRANSFER = {
  bankReference: 'FT26336-TEST0001',
  valueDate: new Date().toISOString().slice(0, 10),
};
