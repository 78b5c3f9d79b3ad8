import {
  formatAmount,
  parseAmount,
  readAmount,
  readApprovalBands,
  type ApprovalTierRow,
} from '@bo/contract';

/** A band as the form edits it: from an amount (major units, as typed) on, so many approvers. */
export interface BandDraft {
  readonly from: string;
  readonly approvers: number;
}

/**
 * The bands the form starts from for a kind and currency: those in force, else the ones that
 * say what the two-approver `threshold` says today (0: two for every amount; else one below it
 * and two from it), for the admin to change.
 */
export function startingBands(
  inForce: ApprovalTierRow | undefined,
  threshold: string | undefined,
  currency: string,
): BandDraft[] {
  if (inForce) return inForce.bands.map((b) => ({ from: b.min_amount, approvers: b.approvers }));
  const zero = formatAmount(0n, currency);
  const from = parseAmount(threshold ?? '0', currency) ?? 0n;
  return from > 0n
    ? [
        { from: zero, approvers: 1 },
        { from: threshold!, approvers: 2 },
      ]
    : [{ from: zero, approvers: 2 }];
}

/** What is wrong with one band of the form, to show in its row. */
export type BandProblem = 'amount' | 'order' | 'fewer';

export type BandsCheck =
  | { ok: true; text: string }
  | { ok: false; row: number; problem: BandProblem }
  | { ok: false; row: null; message: string };

/**
 * The form's bands checked as the server checks them (`readApprovalBands`), the first problem
 * placed in its row: an amount not a decimal of the currency, a band not above the one before,
 * a band needing fewer approvers than the one before. Answers the text `setApprovalTiers` takes
 * (empty: no bands, the threshold rules again).
 */
export function checkBands(drafts: readonly BandDraft[], currency: string): BandsCheck {
  let before: { minor: bigint; approvers: number } | null = null;
  for (const [row, draft] of drafts.entries()) {
    const read = readAmount(draft.from.trim(), currency);
    if (!read.ok) return { ok: false, row, problem: 'amount' };
    if (before && read.minor <= before.minor) return { ok: false, row, problem: 'order' };
    if (before && draft.approvers < before.approvers) return { ok: false, row, problem: 'fewer' };
    before = { minor: read.minor, approvers: draft.approvers };
  }
  const text = drafts.map((d) => `${d.from.trim()}:${d.approvers}`).join('; ');
  const read = readApprovalBands(text, currency);
  return read.ok ? { ok: true, text } : { ok: false, row: null, message: read.message };
}

/** Each band as the table of tiers in force shows it ("50000.00 → 2"). */
export const bandTexts = (bands: ApprovalTierRow['bands']) =>
  bands.map((b) => `${b.min_amount} → ${b.approvers}`);
