import { normalizeRiskValue, type RiskKeyType } from '@bo/contract';
import type { IntakeFacts } from './risk-types';

/** The facts' optional keys and the list key type each is read as. */
const KEY_FIELDS = {
  email: 'email',
  customerId: 'customer_id',
  customerIp: 'customer_ip',
  sourceIp: 'source_ip',
  bankAccount: 'bank_account',
  wallet: 'wallet',
} as const satisfies Partial<Record<keyof IntakeFacts, RiskKeyType>>;

/**
 * A request's facts with each key in its canonical form (the lists' own: e-mail lower-cased,
 * an account number without spaces or dashes, an IP address written one way), so a rule, a
 * list and the history see one value; a value that does not read as its key type is left out
 * (it then matches no list and counts in no velocity).
 */
export function canonicalFacts(facts: IntakeFacts): IntakeFacts {
  const out: Record<string, unknown> = { ...facts };
  for (const [field, keyType] of Object.entries(KEY_FIELDS)) {
    const raw = facts[field as keyof typeof KEY_FIELDS];
    if (raw === undefined) continue;
    const read = normalizeRiskValue(keyType, raw);
    if ('value' in read) out[field] = read.value;
    else delete out[field];
  }
  return out as unknown as IntakeFacts;
}
