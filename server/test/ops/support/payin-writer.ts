import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/app';
import { loadConfig } from '../../../src/config/config';
import { connectorFor } from '../../../src/connectors/connector';
import type { SandboxGateway } from '../../../src/connectors/sandbox/sandbox-gateway';
import type { Db } from '../../../src/db/db';
import { signApiRequest } from '../../../src/merchant-api/request-signature';
import { DEMO_API_KEY } from '../../../src/seed/demo-money-setup';
import { TEST_SANDBOX_SECRET } from '../../support/test-app';

/** The product in-process on a prepared database, making pay-ins through the merchant API. */
export interface PayinWriter {
  readonly app: FastifyInstance;
  /**
   * Creates `count` pay-ins through the signed merchant API and waits until the sandbox has
   * paid them (amounts ending in .03 succeed): their ids, every one committed when it resolves.
   */
  writePayins(prefix: string, count: number): Promise<string[]>;
  /** Answers a signed merchant API GET (the HTTP status and body). */
  get(path: string): Promise<{ status: number; body: unknown }>;
  close(): Promise<void>;
}

/**
 * Builds the app on `db` (migrated, with the demo accounts and money setup) without its
 * background jobs: pay-ins complete only by the sandbox's own callbacks, awaited here.
 */
export async function startPayinWriter(db: Db): Promise<PayinWriter> {
  const config = loadConfig(
    {
      LOG_LEVEL: 'silent',
      NO_SEED_DEMO: '1',
      NO_MONEY_JOBS: '1',
      SANDBOX_LATENCY_MS: '0',
      SANDBOX_DUPLICATE_PPM: '0',
      SANDBOX_SECRET: TEST_SANDBOX_SECRET,
    },
    [],
  );
  const app = await buildApp(db, config);
  const sandbox = connectorFor(db, 'sandbox') as SandboxGateway;
  let sequence = 0;
  const send = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
    const raw = body === undefined ? '' : JSON.stringify(body);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const idempotencyKey = method === 'POST' ? `backup-${Date.now()}-${sequence++}` : '';
    const headers: Record<string, string> = {
      'x-api-key': DEMO_API_KEY.keyId,
      'x-timestamp': timestamp,
      'x-signature': signApiRequest(DEMO_API_KEY.secret, {
        timestamp,
        method,
        path: url,
        idempotencyKey,
        rawBody: raw,
      }),
    };
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    if (method === 'POST') headers['content-type'] = 'application/json';
    const response = await app.inject({ method, url, headers, payload: raw || undefined });
    return { status: response.statusCode, body: response.json() as unknown };
  };
  return {
    app,
    async writePayins(prefix, count) {
      const ids: string[] = [];
      for (let i = 0; i < count; i++) {
        const answer = await send('POST', '/api/v1/payins', {
          amount: `${100 + i}.03`,
          currency: 'THB',
          order_id: `${prefix}-${i}`,
        });
        if (answer.status !== 201) throw new Error(`pay-in refused: ${JSON.stringify(answer)}`);
        ids.push((answer.body as { id: string }).id);
      }
      await sandbox.idle();
      return ids;
    },
    get: (url) => send('GET', url),
    close: () => app.close(),
  };
}
