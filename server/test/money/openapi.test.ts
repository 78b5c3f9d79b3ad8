import { execFile, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_API_KEY } from '../../src/seed/demo-money-setup';
import { MERCHANT, startMoneyApp, type MoneyApp } from './support/money-app';

const run = promisify(execFile);
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
/** The signing examples the API documentation screen shows, run here as they are shown. */
const EXAMPLES = join(ROOT, 'web/src/features/technical');

interface OpenApiDocument {
  servers: { url: string }[];
  security: Record<string, string[]>[];
  paths: Record<string, Record<string, { responses: Record<string, { $ref?: string }> }>>;
  components: {
    securitySchemes: Record<string, { type: string; in: string; name: string }>;
    responses: Record<string, { content: { 'application/json': { schema: { $ref: string } } } }>;
    schemas: Record<string, { properties?: Record<string, unknown> }>;
  };
}

let t: MoneyApp;
let baseUrl: string;
let doc: OpenApiDocument;
beforeAll(async () => {
  t = await startMoneyApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('the server has no port');
  baseUrl = `http://127.0.0.1:${address.port}`;
  doc = (await (await fetch(`${baseUrl}/api/v1/openapi.json`)).json()) as OpenApiDocument;
});
afterAll(async () => {
  await t.expectCleanLedger();
  await t.close();
});

/** The statuses the document declares for one operation. */
const declared = (path: string, method: string) =>
  Object.keys(doc.paths[path]?.[method]?.responses ?? {}).map(Number);

describe('the OpenAPI document', () => {
  it('declares how requests authenticate: key, timestamp and signature headers, all three', () => {
    const schemes = doc.components.securitySchemes;
    expect(
      Object.values(schemes)
        .map((s) => `${s.type}:${s.in}:${s.name}`)
        .sort(),
    ).toEqual([
      'apiKey:header:X-Api-Key',
      'apiKey:header:X-Signature',
      'apiKey:header:X-Timestamp',
    ]);
    expect(doc.security).toEqual([{ ApiKey: [], Timestamp: [], Signature: [] }]);
    expect(JSON.stringify(schemes)).toContain('/api/v1/payins');
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/api/v1' })]);
  });

  it('answers every error in the one error shape', () => {
    for (const [path, item] of Object.entries(doc.paths))
      for (const [method, operation] of Object.entries(item)) {
        for (const [status, response] of Object.entries(operation.responses)) {
          if (Number(status) < 400) continue;
          const name = response.$ref?.replace('#/components/responses/', '') ?? '';
          const shape = doc.components.responses[name]?.content['application/json'].schema;
          expect(shape, `${method} ${path} ${status}`).toEqual({
            $ref: '#/components/schemas/Error',
          });
        }
        // Every route may be rate-limited (429) and may find no database primary (503).
        expect(declared(path, method), `${method} ${path}`).toEqual(
          expect.arrayContaining([401, 429, 500, 503]),
        );
      }
    expect(doc.components.schemas.Error?.properties).toHaveProperty('error');
    for (const name of ['RateLimited', 'Unavailable', 'Interrupted'])
      expect(
        (doc.components.responses[name] as { headers?: Record<string, unknown> } | undefined)
          ?.headers,
        name,
      ).toHaveProperty('Retry-After');
  });

  it('declares every status the routes really answer', async () => {
    const created = await t.api<{ id: string }>('POST', '/api/v1/payins', {
      amount: '1000.00',
      currency: 'THB',
      order_id: 'doc-1',
    });
    const cases: [string, 'GET' | 'POST', string, unknown, Parameters<MoneyApp['api']>[3]?][] = [
      ['/payins', 'POST', '/api/v1/payins', { amount: '1.00', currency: 'THB', order_id: 'doc-2' }],
      ['/payins', 'POST', '/api/v1/payins', { amount: 'x', currency: 'THB', order_id: 'doc-3' }],
      ['/payins', 'POST', '/api/v1/payins', { amount: '1.00', currency: 'THB', order_id: 'doc-1' }],
      ['/payins', 'POST', '/api/v1/payins', {}, { signature: 'ab'.repeat(32) }],
      ['/payins/{id}', 'GET', `/api/v1/payins/${created.body.id}`, undefined],
      ['/payins/{id}', 'GET', `/api/v1/payins/${randomUUID()}`, undefined],
      ['/payins/{id}', 'GET', `/api/v1/payins/${created.body.id}`, undefined, { secret: 'no' }],
      ['/payouts', 'POST', '/api/v1/payouts', { amount: '1.00', currency: 'THB' }],
      ['/payouts/{id}', 'GET', `/api/v1/payouts/${randomUUID()}`, undefined],
      ['/disputes', 'GET', '/api/v1/disputes?status=opened', undefined],
      ['/disputes/{id}', 'GET', `/api/v1/disputes/${randomUUID()}`, undefined],
      ['/disputes/{id}/evidence', 'POST', `/api/v1/disputes/${randomUUID()}/evidence`, {}],
      ['/balance', 'GET', '/api/v1/balance', undefined],
      ['/balance', 'GET', '/api/v1/balance', undefined, { keyId: 'no-such-key' }],
    ];
    const seen = new Set<string>();
    for (const [path, method, url, body, options] of cases) {
      const answer = await t.api<{ error?: { code: string; message: string } }>(
        method,
        url,
        body,
        options,
      );
      seen.add(String(answer.status));
      expect(declared(path, method.toLowerCase()), `${method} ${url}`).toContain(answer.status);
      if (answer.status >= 400)
        expect(answer.body.error).toEqual({
          code: expect.any(String),
          message: expect.any(String),
        });
    }
    const huge = await fetch(`${baseUrl}/api/v1/payins`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: 'x'.repeat(1_100_000),
    });
    expect(declared('/payins', 'post')).toContain(huge.status);
    expect([...seen].sort()).toEqual(['200', '201', '400', '401', '404', '409']);
  });
});

/** Runs a command with the demo key, and answers what it printed, one JSON value a line. */
async function runExample(command: string, args: string[]) {
  const { stdout } = await run(command, args, {
    env: {
      ...process.env,
      API_BASE_URL: baseUrl,
      API_KEY_ID: DEMO_API_KEY.keyId,
      API_SECRET: DEMO_API_KEY.secret,
    },
    timeout: 60_000,
  });
  return stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { status?: number; body?: { id: string }; id?: string });
}

/** The pay-in an example created belongs to the demo key's merchant. */
async function expectMerchantPayin(id: string) {
  const detail = await t.as<{ id: string }>(MERCHANT, 'getPayinDetail', { id });
  expect(detail).toMatchObject({ status: 200, data: { id } });
}

const hasCommand = (name: string) => spawnSync('sh', ['-c', `command -v ${name}`]).status === 0;

describe('the signing examples of the API documentation screen', () => {
  it.each([
    ['Node', 'node', 'api-docs-sign-node.mjs'],
    ['Python', 'python3', 'api-docs-sign-python.py'],
  ])('%s creates a pay-in and reads it back, accepted by the server', async (_, command, file) => {
    const [created, read] = await runExample(command, [join(EXAMPLES, file)]);
    expect(created).toMatchObject({ status: 201, body: { id: expect.any(String) } });
    expect(read).toMatchObject({ status: 200, body: { id: created!.body!.id } });
    await expectMerchantPayin(created!.body!.id);
  });

  it('curl (with openssl) creates a pay-in', async () => {
    const [created] = await runExample('sh', [join(EXAMPLES, 'api-docs-sign-curl.sh')]);
    expect(created).toMatchObject({ id: expect.any(String), status: 'processing' });
    await expectMerchantPayin(created!.id!);
  });

  it.runIf(hasCommand('php'))('PHP creates a pay-in and reads it back', async () => {
    const [created, read] = await runExample('php', [join(EXAMPLES, 'api-docs-sign-php.php')]);
    expect(created).toMatchObject({ status: 201 });
    expect(read).toMatchObject({ status: 200, body: { id: created!.body!.id } });
  });
});

/** A client of the generated types: openapi-fetch, plus the one signing step as a middleware. */
const GENERATED_CLIENT = `
import { createHmac, randomUUID } from 'node:crypto';
import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from './merchant-api.js';

const secret = process.env.API_SECRET ?? '';
const sign: Middleware = {
  async onRequest({ request }) {
    const url = new URL(request.url);
    const raw = request.body ? await request.clone().text() : '';
    const timestamp = String(Math.floor(Date.now() / 1000));
    const key = request.headers.get('Idempotency-Key') ?? '';
    const path = url.pathname + url.search;
    const signed = ['v2', timestamp, request.method, path, key, raw].join('\\n');
    request.headers.set('X-Api-Key', process.env.API_KEY_ID ?? '');
    request.headers.set('X-Timestamp', timestamp);
    request.headers.set('X-Signature', createHmac('sha256', secret).update(signed).digest('hex'));
    return request;
  },
};
const client = createClient<paths>({ baseUrl: \`\${process.env.API_BASE_URL}/api/v1\` });
client.use(sign);

const created = await client.POST('/payins', {
  params: { header: { 'Idempotency-Key': randomUUID() } },
  body: { amount: '1000.00', currency: 'THB', order_id: \`generated-\${Date.now()}\` },
});
if (!created.data) throw new Error(JSON.stringify(created.error));
const read = await client.GET('/payins/{id}', { params: { path: { id: created.data.id } } });
const missing = await client.GET('/payins/{id}', { params: { path: { id: randomUUID() } } });
const errorCode: string | undefined = missing.error?.error.code;
console.log(JSON.stringify({ status: created.response.status, body: created.data }));
console.log(JSON.stringify({ status: read.response.status, body: read.data }));
console.log(JSON.stringify({ status: missing.response.status, id: errorCode }));
`;

describe('a client generated from the document', () => {
  const folder = join(ROOT, 'node_modules/.cache', `openapi-client-${randomUUID()}`);
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it('typechecks and creates a pay-in and reads it back once given the signing step', async () => {
    await mkdir(folder, { recursive: true });
    const types = astToString(await openapiTS(JSON.stringify(doc)));
    await writeFile(join(folder, 'merchant-api.d.ts'), types);
    await writeFile(join(folder, 'client.mts'), GENERATED_CLIENT);
    const compilerOptions = {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      target: 'es2022',
      module: 'nodenext',
      moduleResolution: 'nodenext',
      types: ['node'],
    };
    await writeFile(
      join(folder, 'tsconfig.json'),
      JSON.stringify({ compilerOptions, files: ['client.mts'] }),
    );
    const tsc = join(ROOT, 'node_modules/.bin/tsc');
    await run(tsc, ['-p', folder]).catch((e: { stdout: string }) => {
      throw new Error(`the generated client does not typecheck:\n${e.stdout}`);
    });
    const tsx = join(ROOT, 'node_modules/.bin/tsx');
    const [created, read, missing] = await runExample(tsx, [join(folder, 'client.mts')]);
    expect(created).toMatchObject({ status: 201, body: { status: 'processing' } });
    expect(read).toMatchObject({ status: 200, body: { id: created!.body!.id } });
    expect(missing).toEqual({ status: 404, id: 'not_found' });
    await expectMerchantPayin(created!.body!.id);
  }, 120_000);
});
