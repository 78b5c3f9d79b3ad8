import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { loadConfig, type Config } from '../../src/config/config';
import type { Db } from '../../src/db/db';
import { seedDemoAccounts } from '../../src/seed/demo-accounts';
import { openTestDatabase } from './test-db';

export interface CallOptions {
  /** The caller's address as the socket shows it. */
  remoteAddress?: string;
  headers?: Record<string, string>;
  /** How to send the fields; the spec's multipart by default. */
  encoding?: 'multipart' | 'urlencoded' | 'json';
}

export interface CallAnswer<T = unknown> {
  httpStatus: number;
  status: number;
  message: string;
  data: T;
  headers: Record<string, unknown>;
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  /** Sends a back-office call with the given fields. */
  call<T = unknown>(
    name: string,
    fields?: Record<string, string>,
    options?: CallOptions,
  ): Promise<CallAnswer<T>>;
  /** Signs in with email and password and returns the fields that authenticate later calls. */
  signIn(
    email: string,
    password?: string,
    options?: CallOptions,
  ): Promise<{ accessToken: string; accessUsername: string }>;
  close(): Promise<void>;
}

export const DEMO_PASSWORD = 'DemoPass#2026';

/** Encodes fields as the browser's FormData would (multipart/form-data). */
export async function encodeMultipart(fields: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    body: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type') ?? '',
  };
}

/** Reads RFC 4180 CSV (quoted fields, CRLF records): enough for amounts, codes and ids. */
export const parseCsv = (text: string) =>
  text
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => line.split(',').map((cell) => cell.replace(/^"|"$/g, '')));

/**
 * The rows `exportList` writes as CSV for the list call and fields, asked with `session`, as
 * records by column name (the column names are the file's first line).
 */
export async function exportedCsvRows(
  app: FastifyInstance,
  session: { accessToken: string; accessUsername: string },
  call: string,
  fields: Record<string, string> = {},
): Promise<Record<string, string>[]> {
  const { body, contentType } = await encodeMultipart({
    ...session,
    call,
    format: 'csv',
    ...fields,
  });
  const response = await app.inject({
    method: 'POST',
    url: '/controller/admin/exportList',
    payload: body,
    headers: { 'content-type': contentType },
  });
  if (response.statusCode !== 200)
    throw new Error(`exportList ${call}: ${response.statusCode} ${response.body.slice(0, 200)}`);
  const lines = parseCsv(response.body.replace(/^\uFEFF/, ''));
  const columns = lines[0];
  if (columns?.[0] !== 'id')
    throw new Error(`exportList ${call}: the first line is not the header`);
  return lines
    .slice(1)
    .map((cells) => Object.fromEntries(columns.map((c, i) => [c, cells[i] ?? ''])));
}

async function encode(fields: Record<string, string>, encoding: CallOptions['encoding']) {
  if (encoding === 'json') return { body: JSON.stringify(fields), contentType: 'application/json' };
  if (encoding === 'urlencoded') {
    return {
      body: new URLSearchParams(fields).toString(),
      contentType: 'application/x-www-form-urlencoded',
    };
  }
  return encodeMultipart(fields);
}

/** The sandbox secret of every test app (`config.sandboxSecret`). */
export const TEST_SANDBOX_SECRET = 'test-app-sandbox-secret';

/** A server on a fresh database with the demo accounts, driven through HTTP (inject). */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  // Tests send many signed requests at once: the rate limit is its own test's subject.
  const config = loadConfig(
    {
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      NO_SEED_DEMO: '1',
      // Like a server without the demo world: a secret of its own, never the public default.
      SANDBOX_SECRET: TEST_SANDBOX_SECRET,
      API_RATE_LIMIT_PER_SECOND: '1000000',
      API_RATE_LIMIT_BURST: '1000000',
      ...env,
    },
    [],
  );
  const db = await openTestDatabase();
  await db.transaction((tx) => seedDemoAccounts(tx));
  const app = await buildApp(db, config);

  const call: TestApp['call'] = async (name, fields = {}, options = {}) => {
    const { body, contentType } = await encode(fields, options.encoding);
    const response = await app.inject({
      method: 'POST',
      url: `/controller/admin/${name}`,
      payload: body,
      headers: { 'content-type': contentType, ...options.headers },
      remoteAddress: options.remoteAddress ?? '198.51.100.7',
    });
    const json = response.json() as { status: number; message: string; data: never };
    return { httpStatus: response.statusCode, ...json, headers: response.headers };
  };

  const signIn: TestApp['signIn'] = async (email, password = DEMO_PASSWORD, options) => {
    const answer = await call<{ token: string; username: string }>(
      'login',
      { email, password },
      options,
    );
    if (answer.status !== 200 || !answer.data.token) {
      throw new Error(`sign-in of ${email} failed: ${answer.status} ${answer.message}`);
    }
    return { accessToken: answer.data.token, accessUsername: answer.data.username };
  };

  return {
    app,
    db,
    config,
    call,
    signIn,
    close: async () => {
      await app.close();
      await db.close();
    },
  };
}
