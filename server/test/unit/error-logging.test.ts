import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { UserCallContext } from '../../src/core/context';
import { serveBulkDecision } from '../../src/modules/money-flow/bulk-decisions';

/**
 * An unexpected error reaches the log with its message and stack: logged under pino's `err`
 * key, which its error serializer writes out (under any other key an Error is written `{}`).
 */
describe('error logging', () => {
  it('writes an unexpected failure of a bulk decision item with its message and stack', async () => {
    const lines: string[] = [];
    const app = Fastify({ logger: { level: 'error', stream: { write: (l) => lines.push(l) } } });
    const serve = serveBulkDecision({
      approve: () => Promise.reject(new Error('the disk is on fire')),
      reject: () => Promise.reject(new Error('not asked')),
    });
    const ctx = { actor: { accountType: 'admin' }, log: app.log } as unknown as UserCallContext;
    const answer = await serve(ctx, { ids: ['item-1'], decision: 'approve' });
    expect(answer.results).toEqual([
      { id: 'item-1', ok: false, message: 'This item could not be decided' },
    ]);
    const logged = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      msg: 'bulk decision item failed',
      id: 'item-1',
      err: { type: 'Error', message: 'the disk is on fire' },
    });
    expect((logged[0]!.err as { stack: string }).stack).toMatch(/the disk is on fire\n\s+at /);
    await app.close();
  });
});
