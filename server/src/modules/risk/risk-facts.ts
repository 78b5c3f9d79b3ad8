import { HISTORY_KEY_TYPES, type HistoryKeyType } from '@bo/contract';
import type { Writes } from '../../db/writes';
import { riskValueHash } from './list-matchers';
import { keyValueOf, type IntakeFacts } from './risk-types';

/** The `risk_facts` column holding a key's hash (migration 0935). */
export const factColumnOf = (key: HistoryKeyType): string => `${key}_h`;

/** A key's hash as facts keep it, null when the request carried none. */
export const factHashOf = (facts: IntakeFacts, key: HistoryKeyType): string | null => {
  const value = keyValueOf(facts, key);
  return value === undefined ? null : riskValueHash(key, value).toString();
};

/**
 * The write keeping one fact per decided request (issue 42; `risk_facts`): who, when, how much
 * and each key's hash. One INSERT over `unnest`, to join the statement or transaction that
 * creates the requests, so a request and its fact are written together or not at all.
 */
export function riskFactWrites(
  items: readonly { readonly facts: IntakeFacts; readonly refId: string }[],
): Writes | null {
  if (!items.length) return null;
  const keys = HISTORY_KEY_TYPES.map(factColumnOf);
  const fixed = 7;
  const casts = keys.map((_, i) => `$${fixed + i + 1}::bigint[]`).join(', ');
  return {
    statements: [
      `INSERT INTO risk_facts (ref_id, kind, merchant_account_id, reseller_account_id, at, currency, amount, ${keys.join(', ')})
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::uuid[], $4::uuid[], $5::timestamptz[], $6::text[], $7::bigint[], ${casts})`,
    ],
    params: [
      items.map((i) => i.refId),
      items.map((i) => i.facts.kind),
      items.map((i) => i.facts.merchantId),
      items.map((i) => i.facts.resellerId),
      items.map((i) => i.facts.at.toISOString()),
      items.map((i) => i.facts.currency),
      items.map((i) => i.facts.amount.toString()),
      ...HISTORY_KEY_TYPES.map((key) => items.map((i) => factHashOf(i.facts, key))),
    ],
  };
}
