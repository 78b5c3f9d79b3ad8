import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { signRequest } from '../../server/src/core/signature';
import { signApiRequest } from '../../server/src/merchant-api/request-signature';
import { signSandbox } from '../../server/src/connectors/sandbox/sandbox-signature';
import { RawHttpConnection } from './raw-http';
import { BENCH_SANDBOX_SECRET } from './bench-secret';

/** A merchant API key: its id (`X-Api-Key`) and the secret requests are signed with. */
export interface MerchantKey {
  readonly key: string;
  readonly secret: string;
}

/** The demo merchant's key (MER00001), as the demo seed creates it. */
export const DEMO_MERCHANT_KEY: MerchantKey = {
  key: 'demo-merchant-key',
  secret: 'demo-merchant-secret',
};
const SANDBOX_SECRET = BENCH_SANDBOX_SECRET;

/** This checkout's root. */
export const THIS_CHECKOUT = new URL('../..', import.meta.url).pathname;

/**
 * The signed string a checkout's server accepts: version 2 (with the Idempotency-Key) when it
 * has `request-signature.ts`, else version 1, so one load client can drive an older checkout
 * beside this one (BENCH_BASELINE_DIR).
 */
export type SigningVersion = 'v1' | 'v2';
export const signingOf = (checkout: string): SigningVersion =>
  existsSync(path.join(checkout, 'server/src/merchant-api/request-signature.ts')) ? 'v2' : 'v1';

/**
 * Starts the real server (tsx src/main.ts) of `checkout` (default this one) on `port` against
 * `env`'s database; resolves when healthy.
 */
export async function startServer(
  port: number,
  env: Record<string, string>,
  checkout = THIS_CHECKOUT,
): Promise<ChildProcess> {
  // BENCH_SERVER_NODE_ARGS: node options for the server alone (`--cpu-prof --cpu-prof-dir=…`).
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(checkout, 'server'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      // Load from one key far past the default per-key rate limit (its own test's subject).
      API_RATE_LIMIT_PER_SECOND: '1000000',
      API_RATE_LIMIT_BURST: '1000000',
      NO_MONEY_JOBS: '1',
      SANDBOX_SECRET,
      NODE_ENV: 'production',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: false,
  });
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill('SIGTERM');
  throw new Error('the server did not start');
}

/** Stops a server started by `startServer` (SIGTERM: it closes cleanly) and waits for its exit. */
export async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((r) => server.once('exit', r));
  server.kill('SIGTERM');
  await exited;
}

// node:http with keep-alive rather than fetch: fetch (undici) cost the client about three
// times the CPU per request, and the client shares the machine's two cores with the server.
const agent = new http.Agent({ keepAlive: true, maxSockets: 1024 });

/**
 * POSTs `body` as JSON over the shared keep-alive agent; answers the status, the text and any
 * `Retry-After`. With `timeoutMs`, a request with no answer by then is cut and rejected
 * ("timeout").
 */
export function postJson(
  base: string,
  path: string,
  body: string,
  headers: Record<string, string> = {},
  timeoutMs?: number,
) {
  const url = new URL(path, base);
  return new Promise<{ status: number; text: string; retryAfter?: string }>((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        agent,
        ...(timeoutMs && { timeout: timeoutMs }),
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...headers,
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          const retryAfter = response.headers['retry-after'];
          resolve({ status: response.statusCode ?? 0, text, ...(retryAfter && { retryAfter }) });
        });
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', reject);
    request.end(body);
  });
}

const PAYINS_PATH = '/api/v1/payins';

/** The optional customer of a pay-in (what risk rules read: lists, velocity, first seen). */
export interface PayinCustomer {
  id: string;
  email: string;
  ip: string;
}

/** A pay-in to create through the signed merchant API. */
export interface PayinOrder {
  orderId: string;
  amount: string;
  idempotencyKey: string;
  notifyUrl?: string;
  customer?: PayinCustomer;
}

/** The merchant API's signing headers (version 2) for a POST of `body` to `path` under `key`. */
export function signedApiHeaders(
  merchant: MerchantKey,
  path: string,
  idempotencyKey: string,
  body: string,
): Record<string, string> {
  const timestamp = String(Math.floor(Date.now() / 1000));
  return {
    'x-api-key': merchant.key,
    'x-timestamp': timestamp,
    'idempotency-key': idempotencyKey,
    'x-signature': signApiRequest(merchant.secret, {
      timestamp,
      method: 'POST',
      path,
      idempotencyKey,
      rawBody: body,
    }),
  };
}

/** The body and headers of a signed `POST /api/v1/payins`, signed as a merchant signs it. */
export function signedPayinRequest(
  merchant: MerchantKey,
  payin: PayinOrder,
  signing: SigningVersion = 'v2',
): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify({
    amount: payin.amount,
    currency: 'THB',
    order_id: payin.orderId,
    ...(payin.notifyUrl ? { notify_url: payin.notifyUrl } : {}),
    ...(payin.customer ? { customer: payin.customer } : {}),
  });
  if (signing === 'v2')
    return { body, headers: signedApiHeaders(merchant, PAYINS_PATH, payin.idempotencyKey, body) };
  const ts = String(Math.floor(Date.now() / 1000));
  return {
    body,
    headers: {
      'x-api-key': merchant.key,
      'x-timestamp': ts,
      'x-signature': signRequest(merchant.secret, ts, 'POST', PAYINS_PATH, body),
      'idempotency-key': payin.idempotencyKey,
    },
  };
}

/** A pay-in created through the signed merchant API (`POST /api/v1/payins`). */
export function createPayin(
  base: string,
  merchant: MerchantKey,
  payin: PayinOrder,
  signing: SigningVersion = 'v2',
) {
  const { body, headers } = signedPayinRequest(merchant, payin, signing);
  return postJson(base, PAYINS_PATH, body, headers);
}

/** The sandbox gateway's signed success callback for pay-in `payinId`. */
function successCallback(payinId: string): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify({
    event_id: `SBX-PI-${payinId}:success`,
    gateway_code: 'SBX-THB-1',
    kind: 'payin',
    merchant_ref: payinId,
    status: 'success',
  });
  const ts = String(Math.floor(Date.now() / 1000));
  return {
    body,
    headers: {
      'x-sandbox-timestamp': ts,
      'x-sandbox-signature': signSandbox(SANDBOX_SECRET, ts, body),
    },
  };
}

/**
 * Pay-ins completed per second over HTTP: each client creates a pay-in through the signed
 * merchant API and then, as the gateway, posts its signed success callback, over its own
 * keep-alive connection (`RawHttpConnection`: every request still signed). The first
 * `warmupSeconds` (compilation, connections) are not counted; errors always are. With
 * `customerOf`, each pay-in carries the customer it answers (BENCH_RISK).
 */
export async function measureHttpIngest(
  base: string,
  seconds: number,
  clients: number,
  warmupSeconds = 0,
  signing: SigningVersion = 'v2',
  /** Called once when the counted part starts and once when it ends (CPU readings). */
  onWindow?: (edge: 'start' | 'end') => Promise<void> | void,
  customerOf?: () => PayinCustomer,
): Promise<{ perSecond: number; total: number; errors: number }> {
  let done = 0;
  let errors = 0;
  let seq = 0;
  const run = Date.now();
  const counted = run + warmupSeconds * 1000;
  const deadline = counted + seconds * 1000;
  let windowStarted: Promise<void> | void = undefined;
  const startTimer = setTimeout(() => (windowStarted = onWindow?.('start')), counted - run);
  const url = new URL(base);
  const connections = Array.from(
    { length: clients },
    () => new RawHttpConnection(url.hostname, Number(url.port)),
  );
  await Promise.all(
    connections.map(async (connection) => {
      while (Date.now() < deadline) {
        const n = seq++;
        const order = signedPayinRequest(
          DEMO_MERCHANT_KEY,
          {
            amount: `${100 + (n % 900)}.00`,
            orderId: `http-${run}-${n}`,
            idempotencyKey: `bench-${run}-${n}`,
            ...(customerOf && { customer: customerOf() }),
          },
          signing,
        );
        try {
          const created = await connection.post(PAYINS_PATH, order.body, order.headers);
          if (created.status !== 201) {
            errors++;
            continue;
          }
          const payin = JSON.parse(created.text) as { id: string };
          const callback = successCallback(payin.id);
          const cb = await connection.post(
            '/gateway-callbacks/sandbox',
            callback.body,
            callback.headers,
          );
          if (cb.status === 200 && cb.text.includes('applied')) {
            if (Date.now() > counted) done++;
          } else errors++;
        } catch {
          // A lost connection is an error like any other; the next request opens a new one.
          errors++;
        }
      }
      connection.close();
    }),
  );
  const elapsed = (Date.now() - counted) / 1000;
  clearTimeout(startTimer);
  await windowStarted;
  await onWindow?.('end');
  return { perSecond: done / elapsed, total: done, errors };
}
