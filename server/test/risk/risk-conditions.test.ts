import type { ConditionOf, ConditionType } from '@bo/contract';
import { describe, expect, it } from 'vitest';
import { CONDITIONS } from '../../src/modules/risk/conditions';
import type { ConditionDef, IntakeFacts, RiskHistory } from '../../src/modules/risk/risk-types';
import { LIST_ID, facts, lookups, memoryHistory } from './risk-memory';

/** One condition's JS half on one request. */
function run<T extends ConditionType>(
  type: T,
  c: ConditionOf<T>,
  f: IntakeFacts = facts(),
  history: RiskHistory = memoryHistory(),
  zone = 'Asia/Bangkok',
) {
  return (CONDITIONS[type] as ConditionDef<T>).js(
    c,
    f,
    history,
    lookups({ [LIST_ID]: ['mule@x.test'] }, zone),
  );
}
const at = (iso: string) => new Date(iso);

describe('risk conditions (JS halves)', () => {
  it('amount: compares minor units in its own currency only, between inclusive', () => {
    const gt = { currency: 'THB' as const, op: 'gt' as const, value: '50000' };
    expect(run('amount', gt, facts({ amount: 5_000_001n }))).toEqual({
      matched: true,
      seen: '50000.01',
    });
    expect(run('amount', gt, facts({ amount: 5_000_000n })).matched).toBe(false);
    expect(run('amount', { ...gt, op: 'gte' }, facts({ amount: 5_000_000n })).matched).toBe(true);
    expect(run('amount', gt, facts({ currency: 'MYR', amount: 9_000_000n })).matched).toBe(false);
    const between = {
      currency: 'THB' as const,
      op: 'between' as const,
      value: '100',
      to: '200.50',
    };
    expect(run('amount', between, facts({ amount: 20_050n })).matched).toBe(true);
    expect(run('amount', between, facts({ amount: 20_051n })).matched).toBe(false);
    expect(run('amount', between, facts({ amount: 10_000n })).matched).toBe(true);
    expect(run('amount', { ...gt, op: 'lt' }, facts({ amount: 1n })).matched).toBe(true);
    expect(run('amount', { ...gt, op: 'lte' }, facts({ amount: 5_000_001n })).matched).toBe(false);
  });

  it('currency and account: by the request and its owner', () => {
    expect(run('currency', { in: ['MYR', 'THB'] }).matched).toBe(true);
    expect(run('currency', { in: ['MYR'] }).matched).toBe(false);
    expect(run('account', { merchants: ['MER00001'] }).matched).toBe(true);
    expect(run('account', { merchants: ['MER00002'] }).matched).toBe(false);
    expect(run('account', { resellers: ['RES00001'] }).matched).toBe(true);
    expect(run('account', { resellers: ['RES00001'] }, facts({ resellerId: null })).matched).toBe(
      false,
    );
  });

  it('inList: the request key on the list; a request without the key never matches', () => {
    const c = { list: LIST_ID, key: 'email' as const };
    expect(run('inList', c, facts({ email: 'mule@x.test' }))).toEqual({
      matched: true,
      seen: 'mule@x.test',
    });
    expect(run('inList', c, facts({ email: 'ok@x.test' })).matched).toBe(false);
    expect(run('inList', c, facts()).matched).toBe(false);
  });

  it('velocity: counts and sums this request with its window, scope, kinds and currency', () => {
    const now = at('2026-12-03T05:00:00Z');
    const earlier = [
      facts({ email: 'a@x.test', at: at('2026-12-03T04:30:00Z'), amount: 100n }),
      facts({ email: 'a@x.test', at: at('2026-12-03T03:59:59Z'), amount: 100n }), // outside 1 h
      facts({
        email: 'a@x.test',
        at: at('2026-12-03T04:10:00Z'),
        merchantId: 'other',
        amount: 100n,
      }),
      facts({ email: 'a@x.test', at: at('2026-12-03T04:20:00Z'), kind: 'payin', amount: 100n }),
      facts({ email: 'a@x.test', at: at('2026-12-03T04:40:00Z'), currency: 'MYR', amount: 100n }),
    ];
    const history = memoryHistory(earlier);
    const count = (scope: 'merchant' | 'platform', more = {}) =>
      run(
        'velocity',
        {
          measure: 'count',
          key: 'email',
          window: { hours: 1 },
          scope,
          op: 'gte',
          value: '1',
          ...more,
        },
        facts({ email: 'a@x.test', at: now, amount: 100n }),
        history,
      ).seen;
    expect(count('merchant')).toBe(4); // this one, 04:30, the pay-in, the MYR one
    expect(count('platform')).toBe(5);
    expect(count('merchant', { kinds: ['payout'] })).toBe(3);
    const sum = run(
      'velocity',
      {
        measure: 'sum',
        key: 'email',
        window: { minutes: 60 },
        scope: 'merchant',
        currency: 'THB',
        op: 'gt',
        value: '2.99',
      },
      facts({ email: 'a@x.test', at: now, amount: 100n }),
      history,
    );
    expect(sum).toEqual({ matched: true, seen: '3.00' });
    expect(
      run('velocity', {
        measure: 'count',
        key: 'wallet',
        window: { days: 30 },
        scope: 'merchant',
        op: 'gt',
        value: '0',
      }).matched,
    ).toBe(false);
  });

  it('history: the share of a customer’s pay-ins, only from minPayins on', () => {
    const history = memoryHistory([], { c1: { payins: 4, failed: 1, refunded: 0, disputed: 2 } });
    const c = {
      share: 'disputed' as const,
      days: 90,
      minPayins: 4,
      op: 'gte' as const,
      percent: 50,
    };
    expect(run('history', c, facts({ customerId: 'c1' }), history)).toEqual({
      matched: true,
      seen: 50,
    });
    expect(run('history', { ...c, op: 'gt' }, facts({ customerId: 'c1' }), history).matched).toBe(
      false,
    );
    expect(
      run('history', { ...c, minPayins: 5 }, facts({ customerId: 'c1' }), history).matched,
    ).toBe(false);
    expect(run('history', c, facts(), history).matched).toBe(false);
  });

  it('firstSeen: today in the merchant zone, or within a span; never seen is new', () => {
    // 05:00 UTC is 12:00 in Bangkok; its day began at 17:00 UTC the day before.
    const bank = (iso: string) => memoryHistory([facts({ bankAccount: '123', at: at(iso) })]);
    const c = { key: 'bank_account' as const, since: 'today' as const };
    const now = facts({ bankAccount: '123' });
    expect(run('firstSeen', c, now, memoryHistory()).matched).toBe(true);
    expect(run('firstSeen', c, now, bank('2026-12-02T17:00:00Z')).matched).toBe(true);
    expect(run('firstSeen', c, now, bank('2026-12-02T16:59:59Z')).matched).toBe(false);
    // In UTC the same instant's day began at 00:00 UTC.
    expect(run('firstSeen', c, now, bank('2026-12-02T17:00:00Z'), 'UTC').matched).toBe(false);
    expect(
      run(
        'firstSeen',
        { key: 'bank_account', since: { hours: 24 } },
        now,
        bank('2026-12-02T05:00:01Z'),
      ).matched,
    ).toBe(true);
    expect(
      run(
        'firstSeen',
        { key: 'bank_account', since: { days: 1 } },
        now,
        bank('2026-12-02T05:00:00Z'),
      ).matched,
    ).toBe(true);
    expect(
      run(
        'firstSeen',
        { key: 'bank_account', since: { days: 1 } },
        now,
        bank('2026-12-02T04:59:59Z'),
      ).matched,
    ).toBe(false);
    expect(run('firstSeen', c, facts()).matched).toBe(false);
  });

  it('timeOfDay: in the merchant zone, from inclusive to exclusive, across midnight', () => {
    const night = { from: '22:00', to: '06:00' };
    // 15:00 UTC is 22:00 in Bangkok; 23:00 UTC is 06:00.
    expect(run('timeOfDay', night, facts({ at: at('2026-12-03T15:00:00Z') }))).toEqual({
      matched: true,
      seen: '22:00',
    });
    expect(run('timeOfDay', night, facts({ at: at('2026-12-03T14:59:00Z') })).matched).toBe(false);
    expect(run('timeOfDay', night, facts({ at: at('2026-12-03T19:30:00Z') })).matched).toBe(true);
    expect(run('timeOfDay', night, facts({ at: at('2026-12-03T22:59:00Z') })).matched).toBe(true);
    expect(run('timeOfDay', night, facts({ at: at('2026-12-03T23:00:00Z') })).matched).toBe(false);
    // The same instant in UTC is 15:00: not the night there.
    expect(
      run('timeOfDay', night, facts({ at: at('2026-12-03T15:00:00Z') }), memoryHistory(), 'UTC')
        .matched,
    ).toBe(false);
    expect(
      run('timeOfDay', { from: '09:00', to: '17:00' }, facts({ at: at('2026-12-03T05:00:00Z') }))
        .matched,
    ).toBe(true);
  });
});
