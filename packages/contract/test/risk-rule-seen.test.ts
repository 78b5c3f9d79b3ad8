import { describe, expect, it } from 'vitest';
import { readRuleDefinition, seenConditions, type RuleDefinition } from '../src/risk';

const definition = (when: unknown): RuleDefinition => {
  const read = readRuleDefinition({ kinds: ['payout'], action: { type: 'block' }, when });
  if (!read.ok) throw new Error(JSON.stringify(read.problems));
  return read.definition;
};

describe('seenConditions', () => {
  it('names each condition the evaluator kept, in the rule’s order, by its path and type', () => {
    const rule = definition({
      any: [
        { not: { currency: { in: ['MYR'] } } },
        {
          all: [
            { amount: { currency: 'THB', op: 'gt', value: '5' } },
            { timeOfDay: { from: '22:00', to: '06:00' } },
          ],
        },
      ],
    });
    const seen = seenConditions(rule, {
      'when.any[1].all[1].timeOfDay': '23:10',
      'when.any[0].not.currency': 'THB',
      'when.any[1].all[0].amount': '6.00',
    });
    expect(seen.map((s) => [s.path, s.type, s.value])).toEqual([
      ['when.any[0].not.currency', 'currency', 'THB'],
      ['when.any[1].all[0].amount', 'amount', '6.00'],
      ['when.any[1].all[1].timeOfDay', 'timeOfDay', '23:10'],
    ]);
    expect(seen[1]!.condition).toEqual({ amount: { currency: 'THB', op: 'gt', value: '5' } });
  });

  it('leaves out conditions never reached and keeps, last, a value under a path the rule lacks', () => {
    const rule = definition({ amount: { currency: 'THB', op: 'gt', value: '5' } });
    expect(seenConditions(rule, { amount: 'old', 'when.amount': null })).toEqual([
      { path: 'when.amount', condition: rule.when, type: 'amount', value: null },
      { path: 'amount', condition: null, type: null, value: 'old' },
    ]);
    expect(seenConditions(rule, {})).toEqual([]);
    expect(seenConditions(null, { 'when.amount': '1.00' })).toEqual([
      { path: 'when.amount', condition: null, type: null, value: '1.00' },
    ]);
  });
});
