import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chargeOf, formatPercentPpm, parsePercentPpm, splitFee, type Rate } from '../src';

const pct = (percentPpm: number, fixed = 0n, min?: bigint, max?: bigint): Rate => ({
  percentPpm,
  fixed,
  min,
  max,
});

describe('chargeOf', () => {
  it('rounds the percentage down to the minor unit', () => {
    // 2.5% of 10.01 = 0.25025 -> 0.25
    expect(chargeOf(1001n, pct(25_000))).toBe(25n);
    expect(chargeOf(39n, pct(25_000))).toBe(0n);
    expect(chargeOf(40n, pct(25_000))).toBe(1n);
  });

  it('adds the fixed part and applies minimum and maximum', () => {
    expect(chargeOf(10_000n, pct(10_000, 200n))).toBe(300n);
    expect(chargeOf(1_000n, pct(10_000, 0n, 100n))).toBe(100n);
    expect(chargeOf(1_000_000n, pct(10_000, 0n, undefined, 5_000n))).toBe(5_000n);
  });

  it('never charges more than the amount, nor anything on nothing', () => {
    expect(chargeOf(50n, pct(0, 200n))).toBe(50n);
    expect(chargeOf(0n, pct(500_000, 10n))).toBe(0n);
  });

  it('refuses a fractional or negative rate', () => {
    expect(() => chargeOf(100n, pct(1.5))).toThrow();
    expect(() => chargeOf(100n, pct(-1))).toThrow();
  });
});

describe('splitFee', () => {
  it('gives the reseller the difference of rates and the platform the rest above cost', () => {
    const s = splitFee(1_000_000n, {
      merchant: pct(25_000),
      reseller: pct(15_000),
      gateway: pct(12_000),
    });
    expect(s).toEqual({
      amount: 1_000_000n,
      fee: 25_000n,
      merchantNet: 975_000n,
      resellerCommission: 10_000n,
      platformProfit: 3_000n,
      gatewayCost: 12_000n,
    });
  });

  it('gives no commission without a reseller, or when the reseller’s rate is above the merchant’s', () => {
    expect(
      splitFee(10_000n, { merchant: pct(20_000), reseller: null, gateway: pct(0) })
        .resellerCommission,
    ).toBe(0n);
    const above = splitFee(10_000n, {
      merchant: pct(10_000),
      reseller: pct(30_000),
      gateway: pct(0),
    });
    expect(above.resellerCommission).toBe(0n);
    expect(above.platformProfit).toBe(100n);
  });

  it('shows a loss as negative platform profit when sold below the gateway’s cost', () => {
    const s = splitFee(10_000n, { merchant: pct(5_000), reseller: null, gateway: pct(12_000) });
    expect(s.platformProfit).toBe(-70n);
  });
});

const rate = fc.record({
  percentPpm: fc.integer({ min: 0, max: 1_000_000 }),
  fixed: fc.bigInt({ min: 0n, max: 10_000_000n }),
  min: fc.option(fc.bigInt({ min: 0n, max: 10_000_000n }), { nil: null }),
  max: fc.option(fc.bigInt({ min: 0n, max: 10_000_000n }), { nil: null }),
});

describe('splitFee properties', () => {
  it('always adds up, never charges above the amount, never pays negative commission', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 15n }),
        rate,
        fc.option(rate, { nil: null }),
        rate,
        (amount, merchant, reseller, gateway) => {
          const s = splitFee(amount, { merchant, reseller, gateway });
          expect(s.merchantNet + s.platformProfit + s.resellerCommission + s.gatewayCost).toBe(
            amount,
          );
          expect(s.fee >= 0n && s.fee <= amount).toBe(true);
          expect(s.merchantNet >= 0n).toBe(true);
          expect(s.resellerCommission >= 0n).toBe(true);
          expect(s.gatewayCost >= 0n && s.gatewayCost <= amount).toBe(true);
          if (!reseller) expect(s.resellerCommission).toBe(0n);
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('rounds in the merchant’s favour: the fee never exceeds the exact percentage plus fixed', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (amount, ppm) => {
          const fee = chargeOf(amount, { percentPpm: ppm, fixed: 0n });
          expect(fee * 1_000_000n <= amount * BigInt(ppm)).toBe(true);
          expect((fee + 1n) * 1_000_000n > amount * BigInt(ppm)).toBe(true);
        },
      ),
    );
  });
});

describe('percent text', () => {
  it('reads and writes percents as ppm', () => {
    expect(parsePercentPpm('2.5')).toBe(25_000);
    expect(parsePercentPpm('100')).toBe(1_000_000);
    expect(parsePercentPpm('0.0001')).toBe(1);
    expect(parsePercentPpm('100.01')).toBeNull();
    expect(parsePercentPpm('1.00001')).toBeNull();
    expect(parsePercentPpm('-1')).toBeNull();
    expect(formatPercentPpm(25_000)).toBe('2.5000');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (ppm) => {
        expect(parsePercentPpm(formatPercentPpm(ppm))).toBe(ppm);
      }),
    );
  });
});
