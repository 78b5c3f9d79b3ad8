import type { SettlementBankAccountRow } from '@bo/contract';

/** What the bank account form holds while the merchant types (currency '' means any). */
export interface BankAccountDraft {
  readonly bankName: string;
  readonly accountNumber: string;
  readonly accountHolder: string;
  readonly currency: string;
  readonly isDefault: boolean;
}

export type BankAccountField = 'bankName' | 'accountNumber' | 'accountHolder';

/** The longest text the server takes for each field (the contract's `formText` limits). */
export const BANK_ACCOUNT_MAX_LENGTHS: Readonly<Record<BankAccountField, number>> = {
  bankName: 120,
  accountNumber: 60,
  accountHolder: 120,
};

/** The form's starting values: the saved account's details, or empty for a new one. */
export function draftOf(account?: SettlementBankAccountRow): BankAccountDraft {
  return {
    bankName: account?.bank_name ?? '',
    accountNumber: account?.account_number ?? '',
    accountHolder: account?.account_holder ?? '',
    currency: account?.currency ?? '',
    isDefault: account?.is_default ?? false,
  };
}

/** The required fields left empty (the server trims, so blanks count as empty). */
export function missingBankFields(draft: BankAccountDraft): BankAccountField[] {
  return (['bankName', 'accountNumber', 'accountHolder'] as const).filter(
    (field) => !draft[field].trim(),
  );
}

/** The details as the add and update calls take them: trimmed, no currency meaning any. */
export function bankDetailsOf(draft: BankAccountDraft) {
  return {
    bankName: draft.bankName.trim(),
    accountNumber: draft.accountNumber.trim(),
    accountHolder: draft.accountHolder.trim(),
    currency: draft.currency || undefined,
  };
}
