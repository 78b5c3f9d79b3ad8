import { z } from 'zod';
import { RULES } from '../access';
import { APPROVAL_TIER_KINDS } from '../approval-tiers';
import { formatAmount, isCurrencyCode, readAmount } from '../money';
import { defineCall, emptyRequest, formText } from './define';
import { amountText } from './list';
import { formCurrency, MAX_AMOUNT_MINOR } from './money-fields';
import { settingChangeRow } from './setting-changes';

/** The most distinct approvers a band may ask for, and the most bands of a kind and currency. */
export const MAX_TIER_APPROVERS = 3;
export const MAX_APPROVAL_BANDS = 10;

/** One band: from `minAmount` (minor units) up to the next band, `approvers` distinct people. */
export interface ApprovalBand {
  readonly minAmount: bigint;
  readonly approvers: number;
}

/** Between bands in their text, and between a band's amount and its approvers. */
const BAND_SEPARATOR = ';';
const PART_SEPARATOR = ':';

/**
 * A kind's and currency's bands as text, the one form `setApprovalTiers` takes and a guarded
 * change shows: `<from>:<approvers>` in increasing order, separated by "; " ("0.00:1; 500.00:2").
 */
export const approvalBandsText = (bands: readonly ApprovalBand[], currency: string): string =>
  bands
    .map((b) => `${formatAmount(b.minAmount, currency)}${PART_SEPARATOR}${b.approvers}`)
    .join(`${BAND_SEPARATOR} `);

export type ApprovalBandsReading =
  { ok: true; bands: ApprovalBand[] } | { ok: false; message: string };

/** One band's text ("50000:2"), or what is wrong with it (`n` counts from 1). */
function readBand(text: string, n: number, currency: string): ApprovalBandsReading {
  const parts = text.split(PART_SEPARATOR).map((p) => p.trim());
  if (parts.length !== 2)
    return { ok: false, message: `band ${n} must be written <from amount>:<approvers>` };
  const [amountText = '', approversText = ''] = parts;
  const amount = readAmount(amountText, currency);
  if (!amount.ok) return { ok: false, message: `band ${n}'s amount ${amount.message}` };
  if (amount.minor > MAX_AMOUNT_MINOR)
    return { ok: false, message: `band ${n}'s amount is too large` };
  const approvers = /^\d$/.test(approversText) ? Number(approversText) : 0;
  if (approvers < 1 || approvers > MAX_TIER_APPROVERS)
    return { ok: false, message: `band ${n} must need 1, 2 or 3 approvers` };
  return { ok: true, bands: [{ minAmount: amount.minor, approvers }] };
}

/** What is wrong with bands read one by one: the first, their order, approvers falling. */
function checkBandOrder(bands: readonly ApprovalBand[]): string | null {
  if (bands[0]?.minAmount !== 0n) return 'must start with a band from 0';
  for (let i = 1; i < bands.length; i++) {
    const [before, band] = [bands[i - 1]!, bands[i]!];
    if (band.minAmount <= before.minAmount)
      return `band ${i + 1} must start above band ${i} (amounts increasing, each once)`;
    if (band.approvers < before.approvers)
      return `band ${i + 1} needs fewer approvers than band ${i}: a larger amount never needs fewer`;
  }
  return null;
}

/**
 * Reads a kind's and currency's bands from their text (`approvalBandsText`'s form; amounts are
 * decimal strings of `currency`, spaces allowed), or says the first thing wrong, to follow the
 * field's name: a band not `<from>:<approvers>`, a bad amount, approvers not 1 to 3, no band
 * from 0, amounts not increasing or repeated, a larger band needing fewer approvers, too many.
 * Empty text is no bands: the currency's two-approver threshold rules the kind again.
 */
export function readApprovalBands(text: string, currency: string): ApprovalBandsReading {
  const entries = text
    .split(BAND_SEPARATOR)
    .map((e) => e.trim())
    .filter(Boolean);
  if (entries.length > MAX_APPROVAL_BANDS)
    return { ok: false, message: `must have at most ${MAX_APPROVAL_BANDS} bands` };
  const bands: ApprovalBand[] = [];
  for (const [i, entry] of entries.entries()) {
    const read = readBand(entry, i + 1, currency);
    if (!read.ok) return read;
    bands.push(...read.bands);
  }
  if (bands.length === 0) return { ok: true, bands };
  const wrong = checkBandOrder(bands);
  return wrong ? { ok: false, message: wrong } : { ok: true, bands };
}

/** A kind of money-out whose approvals count by bands. */
export const formTierKind = z.enum(APPROVAL_TIER_KINDS, {
  error: `must be one of ${APPROVAL_TIER_KINDS.join(', ')}`,
});

/** One kind's and currency's bands, as the calls answer them. */
export const approvalTierRow = z.object({
  tier_kind: z.enum(APPROVAL_TIER_KINDS),
  currency: z.string(),
  /** Increasing from 0: from `min_amount` (major units) on, `approvers` distinct people. */
  bands: z.array(z.object({ min_amount: amountText, approvers: z.number().int() })),
});
export type ApprovalTierRow = z.infer<typeof approvalTierRow>;

/** The tiers in force (only the kinds and currencies that have bands) and the changes waiting. */
export const approvalTiers = z.object({
  tiers: z.array(approvalTierRow),
  pending_changes: z.array(settingChangeRow),
});
export type ApprovalTiers = z.infer<typeof approvalTiers>;

/**
 * The approval tiers by amount (docs/money.md, Approval tiers): per kind of money-out and
 * currency, the bands and how many distinct approvers each needs; and the tier changes waiting
 * for a second admin.
 */
export const getApprovalTiers = defineCall({
  name: 'getApprovalTiers',
  request: emptyRequest,
  response: approvalTiers,
  rule: RULES.administrator,
});

/**
 * Asks to set one kind's and currency's bands (`bands` in `approvalBandsText`'s form, from 0,
 * increasing; sent empty to remove them, so that the two-approver threshold rules again). It
 * does not apply at once: it waits for a second admin as every maker-checker setting does
 * (docs/security.md, Guarded settings), with the `reason` they read. Bands already in force are
 * a 409. Answers the tiers still in force and the changes waiting.
 */
export const setApprovalTiers = defineCall({
  name: 'setApprovalTiers',
  request: z
    .object({
      tierKind: formTierKind,
      currency: formCurrency,
      // Required, but may be sent empty (no bands).
      bands: z.string().trim().max(400, 'must be at most 400 characters'),
      reason: formText(300),
    })
    .superRefine((v, ctx) => {
      // Bands are read in their currency: a wrong currency is its own field's problem.
      if (typeof v.bands !== 'string' || !isCurrencyCode(v.currency)) return;
      const read = readApprovalBands(v.bands, v.currency);
      if (!read.ok) ctx.addIssue({ code: 'custom', path: ['bands'], message: read.message });
    }),
  response: approvalTiers,
  rule: RULES.administrator,
});
