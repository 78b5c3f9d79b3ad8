import type { ContractMovement, ContractRateLine } from '@bo/contract';

/** The rate fields of a new version, as the form types them and `createContract` takes them. */
export const RATE_FIELDS = [
  'payinPercent',
  'payinFixed',
  'payinMin',
  'payinMax',
  'resellerPayinPercent',
  'resellerPayinFixed',
  'payoutPercent',
  'payoutFixed',
  'resellerPayoutPercent',
  'resellerPayoutFixed',
  'settlementPercent',
  'settlementFixed',
  'resellerSettlementPercent',
  'resellerSettlementFixed',
  'refundPercent',
  'refundFixed',
] as const;
export type RateField = (typeof RATE_FIELDS)[number];
export type RateDraft = Record<RateField, string>;

/** The form's fields per movement: the merchant's rate, then the reseller's beneath it. */
export const MOVEMENT_FIELDS: Record<ContractMovement, readonly RateField[]> = {
  payin: [
    'payinPercent',
    'payinFixed',
    'payinMin',
    'payinMax',
    'resellerPayinPercent',
    'resellerPayinFixed',
  ],
  payout: ['payoutPercent', 'payoutFixed', 'resellerPayoutPercent', 'resellerPayoutFixed'],
  settlement: [
    'settlementPercent',
    'settlementFixed',
    'resellerSettlementPercent',
    'resellerSettlementFixed',
  ],
};

/** The refund fee's fields: the merchant's rate only (the platform's alone, no reseller rate). */
export const REFUND_FIELDS: readonly RateField[] = ['refundPercent', 'refundFixed'];

/** A draft with every rate empty: zero, and no minimum or maximum. */
export const emptyDraft = (): RateDraft =>
  Object.fromEntries(RATE_FIELDS.map((f) => [f, ''])) as RateDraft;

/** The draft a new version starts from: the rates of the version in force (or all empty). */
export function draftOf(line: ContractRateLine): RateDraft {
  const v = line.in_force;
  const draft = emptyDraft();
  if (!v) return draft;
  draft.payinPercent = v.payin.merchant.percent;
  draft.payinFixed = v.payin.merchant.fixed;
  draft.payinMin = v.payin.merchant.min ?? '';
  draft.payinMax = v.payin.merchant.max ?? '';
  draft.resellerPayinPercent = v.payin.reseller.percent;
  draft.resellerPayinFixed = v.payin.reseller.fixed;
  draft.payoutPercent = v.payout.merchant.percent;
  draft.payoutFixed = v.payout.merchant.fixed;
  draft.resellerPayoutPercent = v.payout.reseller.percent;
  draft.resellerPayoutFixed = v.payout.reseller.fixed;
  draft.settlementPercent = v.settlement.merchant.percent;
  draft.settlementFixed = v.settlement.merchant.fixed;
  draft.resellerSettlementPercent = v.settlement.reseller.percent;
  draft.resellerSettlementFixed = v.settlement.reseller.fixed;
  draft.refundPercent = v.refund.percent;
  draft.refundFixed = v.refund.fixed;
  return draft;
}

/** The draft's fields as a call sends them: empty ones left out (zero, or no bound). */
export function draftFields(draft: RateDraft): Partial<RateDraft> {
  return Object.fromEntries(
    RATE_FIELDS.filter((f) => draft[f].trim()).map((f) => [f, draft[f].trim()]),
  );
}

/** A typed decimal without leading or trailing zeros, so "2.5" and "02.5000" compare equal. */
const normalDecimal = (text: string) =>
  text
    .trim()
    .replace(/^0+(?=\d)/, '')
    .replace(/(\.\d*?)0+$/, '$1')
    .replace(/\.$/, '');

const sameValue = (a: string, b: string) => normalDecimal(a) === normalDecimal(b);

/** The fields the draft changes, with the old and the new value, for the confirmation. */
export function changesOf(before: RateDraft, after: RateDraft) {
  return RATE_FIELDS.filter((f) => !sameValue(before[f], after[f])).map((field) => ({
    field,
    before: before[field],
    after: after[field],
  }));
}

/**
 * The instant a version typed as a local date-time starts ("" = now), as ISO-8601 UTC, or null
 * when the text is no date.
 */
export function effectiveInstant(local: string): string | null {
  if (!local) return '';
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** Every field of `createContract` a form shows, so a refusal naming one lands beside it. */
export const CONTRACT_FIELDS = [
  'merchantDbCode',
  'currency',
  'paymentGatewayCode',
  'effectiveFrom',
  ...RATE_FIELDS,
] as const;
export type ContractField = (typeof CONTRACT_FIELDS)[number];

/**
 * The field a server refusal is about: the server starts each refusal of a field with the
 * field's name ("resellerPayinPercent (2.5000%) must not be above payinPercent …"). Null when
 * the refusal names no field of the form.
 */
export function fieldOfRefusal(message: string): ContractField | null {
  const first = /^\w+/.exec(message)?.[0] ?? '';
  return (CONTRACT_FIELDS as readonly string[]).includes(first) ? (first as ContractField) : null;
}

/** A refusal with each field name it mentions replaced by the label people see on the form. */
export function refusalInWords(message: string, labelOf: (field: ContractField) => string) {
  return message.replace(/\b\w+\b/g, (word) =>
    (CONTRACT_FIELDS as readonly string[]).includes(word) ? labelOf(word as ContractField) : word,
  );
}
