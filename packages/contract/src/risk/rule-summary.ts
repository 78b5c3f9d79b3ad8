import type { Condition, LeafCondition, RuleDefinition, RuleSpan } from './rule-schema';

/**
 * A rule in one line, as language-neutral parts the web words in the user's language
 * (`risk-rules.summary.<key>`, its `values` put in as they are, its `words` translated): the
 * same parts serve lists, version diffs and reports in five languages, one right to left, and
 * the contract holds no English. Comparisons are symbols (>, ≥, <, ≤), read alike everywhere.
 */
export interface SummaryPart {
  /** The phrase: `action.review`, `amount.gt`, `firstSeen.today`, `and`, `open`… */
  readonly key: string;
  /** Texts put in as they are: amounts, codes, times, numbers, symbols. */
  readonly values?: Readonly<Record<string, string>>;
  /** Vocabulary put in translated (`keys.bank_account`, `kinds.payout`), a list joined by commas. */
  readonly words?: Readonly<Record<string, readonly string[]>>;
}

const SYMBOL = { gt: '>', gte: '≥', lt: '<', lte: '≤' } as const;

/** A span as `{ n, unit }` words: `spans.minutes` / `spans.hours` / `spans.days`. */
function span(s: RuleSpan): { values: { n: string }; words: { unit: string[] } } {
  const [unit, n] = Object.entries(s)[0] as [string, number];
  return { values: { n: String(n) }, words: { unit: [`spans.${unit}`] } };
}

/** The phrase of one condition (a leaf: no group). */
export function describeCondition(c: LeafCondition): SummaryPart {
  if ('amount' in c) {
    const a = c.amount;
    const values = { currency: a.currency, value: a.value, to: a.to ?? '' };
    return a.op === 'between'
      ? { key: 'amount.between', values }
      : { key: 'amount.compare', values: { ...values, op: SYMBOL[a.op] } };
  }
  if ('currency' in c) return { key: 'currency', values: { currencies: c.currency.in.join(', ') } };
  if ('account' in c)
    return {
      key: c.account.merchants ? 'account.merchants' : 'account.resellers',
      values: {
        codes: [...(c.account.merchants ?? []), ...(c.account.resellers ?? [])].join(', '),
      },
    };
  if ('inList' in c) return { key: 'inList', words: { key: [`keys.${c.inList.key}`] } };
  if ('velocity' in c) {
    const v = c.velocity;
    const w = span(v.window);
    return {
      key: `velocity.${v.measure}`,
      values: { op: SYMBOL[v.op], value: v.value, currency: v.currency ?? '', ...w.values },
      words: {
        key: [`keys.${v.key}`],
        scope: [`velocityScopes.${v.scope}`],
        kinds: (v.kinds ?? []).map((k) => `kinds.${k}`),
        ...w.words,
      },
    };
  }
  if ('history' in c) {
    const h = c.history;
    return {
      key: 'history',
      values: { op: SYMBOL[h.op], percent: String(h.percent), days: String(h.days) },
      words: { share: [`shares.${h.share}`] },
    };
  }
  if ('firstSeen' in c) {
    const f = c.firstSeen;
    const words = { key: [`keys.${f.key}`] };
    if (f.since === 'today') return { key: 'firstSeen.today', words };
    const s = span(f.since);
    return { key: 'firstSeen.within', values: s.values, words: { ...words, ...s.words } };
  }
  return { key: 'timeOfDay', values: { from: c.timeOfDay.from, to: c.timeOfDay.to } };
}

/** The phrases of a condition: a nested group in brackets, `not` before what it negates. */
function conditionParts(c: Condition, nested: boolean): SummaryPart[] {
  if ('not' in c) return [{ key: 'not' }, ...conditionParts(c.not, true)];
  if (!('all' in c) && !('any' in c)) return [describeCondition(c)];
  const [items, join] = 'all' in c ? [c.all, 'and'] : [c.any, 'or'];
  const inner = items.flatMap((x, i) => [
    ...(i ? [{ key: join }] : []),
    ...conditionParts(x, true),
  ]);
  return nested && items.length > 1 ? [{ key: 'open' }, ...inner, { key: 'close' }] : inner;
}

/** A rule in one line: its action, the kinds it watches, then its conditions. */
export function describeRule(d: RuleDefinition): SummaryPart[] {
  const action: SummaryPart =
    d.action.type === 'review'
      ? { key: 'action.review', values: { approvers: String(d.action.approvers) } }
      : { key: `action.${d.action.type}` };
  return [
    action,
    { key: 'kinds', words: { kinds: d.kinds.map((k) => `kinds.${k}`) } },
    { key: 'when' },
    ...conditionParts(d.when, false),
  ];
}
