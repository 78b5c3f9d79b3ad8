import { describe, expect, it } from 'vitest';
import { FAULT_KINDS, planFaults } from '../src/chaos-schedule';

describe('the chaos run’s fault plan', () => {
  it('is the same for the same seed, and another for another seed', () => {
    const options = { seed: 45, seconds: 600, count: 24 };
    expect(planFaults(options)).toEqual(planFaults(options));
    expect(planFaults({ ...options, seed: 46 })).not.toEqual(planFaults(options));
  });

  it('never lets two faults overlap, each within the window', () => {
    for (const seed of [1, 2, 3, 45, 999]) {
      const plan = planFaults({ seed, seconds: 600, count: 24 });
      expect(plan).toHaveLength(24);
      plan.forEach((f, i) => {
        expect(f.atMs).toBeGreaterThanOrEqual(0);
        expect(f.atMs + f.durationMs).toBeLessThanOrEqual(600_000);
        const next = plan[i + 1];
        if (next) expect(f.atMs + f.durationMs).toBeLessThan(next.atMs);
      });
    }
  });

  it('holds the kinds it must, draws only from the kinds given', () => {
    const plan = planFaults({
      seed: 7,
      seconds: 60,
      count: 3,
      must: ['instance_kill', 'sql_deadlock'],
    });
    expect(plan.map((f) => f.kind)).toEqual(
      expect.arrayContaining(['instance_kill', 'sql_deadlock']),
    );
    const only = planFaults({ seed: 7, seconds: 120, count: 10, kinds: ['notify_500'] });
    expect(new Set(only.map((f) => f.kind))).toEqual(new Set(['notify_500']));
    expect(FAULT_KINDS).toContain('callback_early');
  });

  it('keeps a network fault to a few seconds and makes kills and resets moments', () => {
    const plan = planFaults({ seed: 3, seconds: 600, count: 24, must: FAULT_KINDS });
    expect(new Set(plan.map((f) => f.kind))).toEqual(new Set(FAULT_KINDS));
    for (const f of plan) {
      if (f.kind === 'db_drop' || f.kind === 'db_stall') {
        expect(f.durationMs).toBeGreaterThanOrEqual(3_000);
        expect(f.durationMs).toBeLessThanOrEqual(8_000);
      }
      if (['primary_kill', 'instance_kill', 'db_reset'].includes(f.kind))
        expect(f.durationMs).toBe(0);
    }
  });

  it('refuses a plan it cannot keep apart', () => {
    expect(() => planFaults({ seed: 1, seconds: 10, count: 5 })).toThrow(/4 s per fault/);
    expect(() => planFaults({ seed: 1, seconds: 60, count: 3, kinds: [] })).toThrow(/one kind/);
  });
});
