import { VALUE_DATE_DAYS } from '@bo/contract';
import { badInput } from '../../core/app-error';
import type { Queryable } from '../../db/db';

/** The transfer an admin records when marking a bank settlement done. */
export interface BankTransfer {
  readonly bankReference: string;
  /** YYYY-MM-DD (the contract checked it is a real day). */
  readonly valueDate: string;
  readonly sendingAccount?: string;
}

const DAY_MS = 86_400_000;
const dayOf = (at: Date) => at.toISOString().slice(0, 10);
const shift = (at: Date, days: number) => dayOf(new Date(at.getTime() + days * DAY_MS));

/**
 * Refuses a value date the transfer cannot have: before the day the settlement was asked for
 * (a day's slack for time zones) or more than a week after today (a forward-dated transfer).
 */
export function checkValueDate(valueDate: string, requestedAt: Date, now: Date): void {
  const earliest = shift(requestedAt, -VALUE_DATE_DAYS.beforeRequest);
  const latest = shift(now, VALUE_DATE_DAYS.afterToday);
  if (valueDate < earliest)
    throw badInput(`valueDate must not be before the settlement was requested (${earliest})`);
  if (valueDate > latest)
    throw badInput(
      `valueDate must be at most ${VALUE_DATE_DAYS.afterToday} days ahead (${latest})`,
    );
}

/** Keeps the transfer on the settlement, in the transaction that marks it done. */
export async function saveBankTransfer(
  tx: Queryable,
  id: string,
  transfer: BankTransfer,
): Promise<void> {
  await tx.query(
    `UPDATE settlements SET bank_reference = $2, value_date = $3::date, sending_account = $4
      WHERE id = $1`,
    [id, transfer.bankReference, transfer.valueDate, transfer.sendingAccount ?? null],
  );
}

/** The transfer as the admin log and the timeline keep it. */
export const loggedTransfer = (transfer: BankTransfer) => ({
  bank_reference: transfer.bankReference,
  value_date: transfer.valueDate,
  sending_account: transfer.sendingAccount ?? null,
});
