import { describe, expect, it } from 'vitest';
import { readRuleDefinition, type RuleDefinition } from '@bo/contract';
import { definitionOf, draftOf, newCondition, NEW_RULE } from './rules-draft';

const DONE_WHEN = {
  kinds: ['payout'],
  action: { type: 'review', approvers: 2 },
  onError: 'review',
  when: {
    all: [
      { amount: { currency: 'THB', op: 'gt', value: '50000' } },
      { firstSeen: { key: 'bank_account', since: 'today' } },
    ],
  },
};
const read = (d: unknown) => {
  const r = readRuleDefinition(d);
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return r.definition;
};

describe('the rule editor’s form', () => {
  it('shows the done-when rule and gives it back unchanged', () => {
    const draft = draftOf(read(DONE_WHEN))!;
    expect(draft.conditions.map((c) => c.type)).toEqual(['amount', 'firstSeen']);
    expect(read(definitionOf(draft))).toEqual(read(DONE_WHEN));
  });

  it('round-trips a velocity, a span and a history condition', () => {
    const rule = {
      ...DONE_WHEN,
      when: {
        any: [
          {
            velocity: {
              measure: 'sum',
              key: 'wallet',
              window: { days: 7 },
              scope: 'merchant',
              currency: 'THB',
              op: 'gte',
              value: '100.50',
            },
          },
          { firstSeen: { key: 'email', since: { hours: 6 } } },
          { history: { share: 'disputed', days: 90, minPayins: 3, op: 'gt', percent: 12.5 } },
          { currency: { in: ['THB', 'MYR'] } },
          { timeOfDay: { from: '22:00', to: '06:00' } },
        ],
      },
    };
    expect(read(definitionOf(draftOf(read(rule))!))).toEqual(read(rule));
  });

  it('leaves a nested tree to the JSON view', () => {
    const nested = { ...DONE_WHEN, when: { not: { currency: { in: ['THB'] } } } };
    expect(draftOf(read(nested) as RuleDefinition)).toBeNull();
  });

  it('sends an empty box as missing, so the server names it', () => {
    const draft = { ...NEW_RULE, conditions: [newCondition('amount')] };
    const r = readRuleDefinition(definitionOf(draft));
    expect(r.ok ? [] : r.problems.map((p) => p.field)).toEqual(['when.all[0].amount.value']);
  });
});
