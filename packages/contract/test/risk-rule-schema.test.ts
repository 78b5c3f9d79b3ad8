import { describe, expect, it } from 'vitest';
import {
  canonicalJson,
  describeRule,
  readRuleDefinition,
  rulePathText,
  type RuleDefinition,
} from '../src/risk';

/** The "done when" rule of issue 42: hold pay-outs over 50,000 THB to a bank account new today. */
export const DONE_WHEN_RULE = {
  kinds: ['payout'],
  action: { type: 'review', approvers: 2 },
  when: {
    all: [
      { amount: { currency: 'THB', op: 'gt', value: '50000' } },
      { firstSeen: { key: 'bank_account', since: 'today' } },
    ],
  },
};

/** The rule with one part replaced at `path` (dotted, numbers as indexes). */
function withPart(path: string, value: unknown): unknown {
  const copy = JSON.parse(JSON.stringify(DONE_WHEN_RULE)) as Record<string, unknown>;
  const keys = path.split('.');
  let at: Record<string, unknown> = copy;
  for (const k of keys.slice(0, -1)) at = at[k] as Record<string, unknown>;
  if (value === undefined) delete at[keys.at(-1)!];
  else at[keys.at(-1)!] = value;
  return copy;
}

const fieldsOf = (input: unknown) => {
  const read = readRuleDefinition(input);
  return read.ok ? [] : read.problems.map((p) => p.field);
};
const ruleOf = (input: unknown, field: string) => {
  const read = readRuleDefinition(input);
  return read.ok ? undefined : read.problems.find((p) => p.field === field)?.rule;
};
const leaf = (condition: unknown) => ({ ...DONE_WHEN_RULE, when: condition });

describe('risk rule definitions', () => {
  it('reads the done-when rule, fills the defaults and keeps one canonical text', () => {
    const read = readRuleDefinition(JSON.stringify(DONE_WHEN_RULE));
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.definition.onError).toBe('review');
    expect(read.canonical).toBe(
      '{"action":{"approvers":2,"type":"review"},"kinds":["payout"],"onError":"review",' +
        '"when":{"all":[{"amount":{"currency":"THB","op":"gt","value":"50000"}},' +
        '{"firstSeen":{"key":"bank_account","since":"today"}}]}}',
    );
    // The same rule written in another key order is the same text.
    const shuffled = {
      when: DONE_WHEN_RULE.when,
      action: { approvers: 2, type: 'review' },
      kinds: ['payout'],
    };
    expect((readRuleDefinition(shuffled) as { canonical: string }).canonical).toBe(read.canonical);
  });

  it('describes the done-when rule in language-neutral parts', () => {
    const read = readRuleDefinition(DONE_WHEN_RULE) as { definition: RuleDefinition };
    expect(describeRule(read.definition)).toEqual([
      { key: 'action.review', values: { approvers: '2' } },
      { key: 'kinds', words: { kinds: ['kinds.payout'] } },
      { key: 'when' },
      { key: 'amount.compare', values: { currency: 'THB', value: '50000', to: '', op: '>' } },
      { key: 'and' },
      { key: 'firstSeen.today', words: { key: ['keys.bank_account'] } },
    ]);
  });

  it('brackets nested groups and puts not before what it negates', () => {
    const read = readRuleDefinition(
      leaf({
        any: [
          { not: { currency: { in: ['THB'] } } },
          {
            all: [
              { timeOfDay: { from: '22:00', to: '06:00' } },
              { inList: { list: '0b8c0c41-2f5a-4f5b-9d59-1a2b3c4d5e6f', key: 'email' } },
            ],
          },
        ],
      }),
    ) as { definition: RuleDefinition };
    expect(
      describeRule(read.definition)
        .slice(3)
        .map((p) => p.key),
    ).toEqual(['not', 'currency', 'or', 'open', 'timeOfDay', 'and', 'inList', 'close']);
  });

  it('names paths as the editor does', () => {
    expect(rulePathText(['when', 'all', 1, 'firstSeen', 'since'])).toBe(
      'when.all[1].firstSeen.since',
    );
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: undefined }] })).toBe('{"a":[{"d":2}],"b":1}');
  });

  it.each([
    ['not JSON', '{"kinds":', 'definition'],
    ['no kinds', withPart('kinds', undefined), 'kinds'],
    ['an unknown kind', withPart('kinds', ['payin', 'topup']), 'kinds[1]'],
    ['a repeated kind', withPart('kinds', ['payout', 'payout']), 'kinds'],
    ['an unknown top part', { ...DONE_WHEN_RULE, extra: 1 }, 'extra'],
    ['an unknown action', withPart('action', { type: 'hold' }), 'action.type'],
    ['four approvers', withPart('action', { type: 'review', approvers: 4 }), 'action.approvers'],
    [
      'approvers on a block',
      withPart('action', { type: 'block', approvers: 2 }),
      'action.approvers',
    ],
    ['an unknown onError', { ...DONE_WHEN_RULE, onError: 'ignore' }, 'onError'],
    ['no when', withPart('when', undefined), 'when'],
    ['an empty all', leaf({ all: [] }), 'when.all'],
    [
      'two parts in one condition',
      leaf({ currency: { in: ['THB'] }, not: { currency: { in: ['THB'] } } }),
      'when',
    ],
    ['an unknown condition', leaf({ all: [{ weather: {} }] }), 'when.all[0].weather'],
    [
      'an unknown currency',
      withPart('when.all.0.amount.currency', 'XXX'),
      'when.all[0].amount.currency',
    ],
    [
      'an amount with a sign',
      withPart('when.all.0.amount.value', '-5'),
      'when.all[0].amount.value',
    ],
    ['a number amount', withPart('when.all.0.amount.value', 50000), 'when.all[0].amount.value'],
    ['too many decimals', withPart('when.all.0.amount.value', '1.001'), 'when.all[0].amount.value'],
    ['between without to', withPart('when.all.0.amount.op', 'between'), 'when.all[0].amount.to'],
    ['to without between', withPart('when.all.0.amount.to', '60000'), 'when.all[0].amount.to'],
    [
      'between backwards',
      leaf({ amount: { currency: 'THB', op: 'between', value: '10', to: '5' } }),
      'when.amount.to',
    ],
    ['an unknown op', withPart('when.all.0.amount.op', 'eq'), 'when.all[0].amount.op'],
    [
      'since yesterday',
      withPart('when.all.1.firstSeen.since', 'yesterday'),
      'when.all[1].firstSeen.since',
    ],
    [
      'first seen by order id',
      withPart('when.all.1.firstSeen.key', 'order_id'),
      'when.all[1].firstSeen.key',
    ],
    ['no currencies', leaf({ currency: { in: [] } }), 'when.currency.in'],
    ['an account with no codes', leaf({ account: {} }), 'when.account'],
    [
      'a bad merchant code',
      leaf({ account: { merchants: ['MER 1'] } }),
      'when.account.merchants[0]',
    ],
    [
      'a list that is no id',
      leaf({ inList: { list: 'blocked', key: 'email' } }),
      'when.inList.list',
    ],
    [
      'a list of an unknown key',
      leaf({ inList: { list: '0b8c0c41-2f5a-4f5b-9d59-1a2b3c4d5e6f', key: 'phone' } }),
      'when.inList.key',
    ],
    [
      'a window over 30 days',
      leaf({
        velocity: {
          measure: 'count',
          key: 'email',
          window: { days: 31 },
          scope: 'merchant',
          op: 'gt',
          value: '5',
        },
      }),
      'when.velocity.window.days',
    ],
    [
      'a window in two units',
      leaf({
        velocity: {
          measure: 'count',
          key: 'email',
          window: { days: 1, hours: 2 },
          scope: 'merchant',
          op: 'gt',
          value: '5',
        },
      }),
      'when.velocity.window',
    ],
    [
      'a count that is no whole number',
      leaf({
        velocity: {
          measure: 'count',
          key: 'email',
          window: { hours: 1 },
          scope: 'merchant',
          op: 'gt',
          value: '1.5',
        },
      }),
      'when.velocity.value',
    ],
    [
      'a sum without currency',
      leaf({
        velocity: {
          measure: 'sum',
          key: 'wallet',
          window: { hours: 1 },
          scope: 'merchant',
          op: 'gt',
          value: '100',
        },
      }),
      'when.velocity.currency',
    ],
    [
      'a count with a currency',
      leaf({
        velocity: {
          measure: 'count',
          key: 'wallet',
          window: { hours: 1 },
          scope: 'merchant',
          currency: 'THB',
          op: 'gt',
          value: '1',
        },
      }),
      'when.velocity.currency',
    ],
    [
      'an unknown velocity scope',
      leaf({
        velocity: {
          measure: 'count',
          key: 'wallet',
          window: { hours: 1 },
          scope: 'reseller',
          op: 'gt',
          value: '1',
        },
      }),
      'when.velocity.scope',
    ],
    [
      'history over 90 days',
      leaf({ history: { share: 'failed', days: 91, minPayins: 3, op: 'gt', percent: 50 } }),
      'when.history.days',
    ],
    [
      'a share over 100 percent',
      leaf({ history: { share: 'refunded', days: 30, minPayins: 3, op: 'gt', percent: 101 } }),
      'when.history.percent',
    ],
    [
      'an unknown share',
      leaf({ history: { share: 'lost', days: 30, minPayins: 3, op: 'gt', percent: 10 } }),
      'when.history.share',
    ],
    [
      'a time past midnight',
      leaf({ timeOfDay: { from: '24:00', to: '06:00' } }),
      'when.timeOfDay.from',
    ],
    [
      'a time without minutes',
      leaf({ timeOfDay: { from: '22:00', to: '6' } }),
      'when.timeOfDay.to',
    ],
    [
      'the same from and to',
      leaf({ timeOfDay: { from: '22:00', to: '22:00' } }),
      'when.timeOfDay.to',
    ],
  ])('refuses %s, naming the part', (_, input, field) => {
    expect(fieldsOf(input)).toContain(field);
  });

  it('refuses a tree deeper than four groups at the group too deep', () => {
    const c = { currency: { in: ['THB'] } };
    const deep = { all: [{ any: [{ not: { all: [{ any: [c] }] } }] }] };
    expect(fieldsOf(leaf(deep))).toContain('when.all[0].any[0].not.all[0]');
    expect(fieldsOf(leaf({ all: [{ any: [{ not: { all: [c] } }] }] }))).toEqual([]);
  });

  it('refuses more than twenty conditions', () => {
    const many = Array.from({ length: 21 }, () => ({ currency: { in: ['THB'] } }));
    expect(ruleOf(leaf({ any: many }), 'when')).toBe('must hold at most 20 conditions');
    expect(fieldsOf(leaf({ any: many.slice(1) }))).toEqual([]);
  });

  it('reads review without approvers as one approver', () => {
    const read = readRuleDefinition(withPart('action', { type: 'review' }));
    expect(read.ok && read.definition.action).toEqual({ type: 'review', approvers: 1 });
  });
});
