import { describe, expect, it } from 'vitest';
import {
  answeredHonestly,
  changedBodiesRefused,
  longestPayinGap,
  oneIdPerKey,
} from '../src/chaos-checks';
import type { ChaosRecord } from '../src/chaos-records';

const record = (over: Partial<ChaosRecord>): ChaosRecord => ({
  op: 'payin',
  merchant: 'MER00001',
  key: 'k1',
  orderId: 'o1',
  amount: '100.00',
  variant: 'first',
  attempt: 1,
  sentAt: 0,
  answeredAt: 0,
  http: 201,
  id: 'id-1',
  status: 'processing',
  ...over,
});

describe('the chaos run’s checks on the clients’ records', () => {
  it('finds a key answered with two ids', () => {
    expect(oneIdPerKey([record({}), record({ attempt: 2 })]).passed).toBe(true);
    const twice = oneIdPerKey([record({}), record({ attempt: 2, id: 'id-2' })]);
    expect(twice.passed).toBe(false);
    expect(twice.details[0]).toContain('id-1 and id-2');
  });

  it('wants every changed body refused as a reused key', () => {
    const refused = record({ variant: 'changed', http: 409, code: 'idempotency_key_reused' });
    expect(changedBodiesRefused([record({}), refused]).passed).toBe(true);
    const taken = record({ variant: 'changed', http: 201, id: 'id-9' });
    expect(changedBodiesRefused([record({}), taken]).passed).toBe(false);
    // A changed body retried after a 503 is judged by its last answer.
    const retried = [
      record({ variant: 'changed', http: 503, retryAfter: '1' }),
      { ...refused, attempt: 2 },
    ];
    expect(changedBodiesRefused(retried).passed).toBe(true);
  });

  it('accepts a 500 only when a later try succeeded, and a 503 only with Retry-After', () => {
    const recovered = [record({ http: 500, id: undefined }), record({ attempt: 2 })];
    expect(answeredHonestly(recovered).passed).toBe(true);
    const honest503 = [
      record({ http: 503, retryAfter: '5', id: undefined }),
      record({ attempt: 2 }),
    ];
    expect(answeredHonestly(honest503).passed).toBe(true);
    const lost = [
      record({ http: 500, id: undefined }),
      record({ attempt: 2, http: 0, failure: 'network ECONNREFUSED' }),
    ];
    const verdict = answeredHonestly(lost);
    expect(verdict.passed).toBe(false);
    expect(verdict.details.join('\n')).toMatch(/answered 500 .*no try succeeded/);
    expect(verdict.details.join('\n')).toMatch(/ended 0 network ECONNREFUSED after 2 tries/);
  });

  it('takes a changed body refused after a 500 as ended well', () => {
    const changed = [
      record({ variant: 'changed', http: 500, id: undefined }),
      record({ variant: 'changed', attempt: 2, http: 409, code: 'idempotency_key_reused' }),
    ];
    expect(answeredHonestly(changed).passed).toBe(true);
  });

  it('counts a hung request and a write that ended refused', () => {
    const hung = [record({ http: 0, timedOut: true, id: undefined }), record({ attempt: 2 })];
    expect(answeredHonestly(hung).details[0]).toMatch(/no answer in 30 s/);
    const replayed = [record({ http: 401, code: 'replayed_request', id: undefined })];
    expect(answeredHonestly(replayed).details[0]).toMatch(/ended 401 replayed_request/);
  });

  it('measures the longest time without a pay-in answered, edges included', () => {
    const at = (answeredAt: number) => record({ answeredAt, key: `k${answeredAt}` });
    const records = [at(1_000), at(2_000), at(9_000), at(9_500)];
    expect(longestPayinGap(records, 0, 10_000)).toBe(7_000);
    expect(longestPayinGap(records, 0, 30_000)).toBe(20_500);
    expect(longestPayinGap([record({ http: 503, answeredAt: 5_000 })], 0, 4_000)).toBe(4_000);
  });
});
