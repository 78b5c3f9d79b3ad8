import { formOptionalText, formText } from './define';

/**
 * A bank's transfer reference as its statement or confirmation shows it: 4 to 40 characters,
 * letters, digits and the separators banks print (- / . : _), no spaces; long enough for a
 * SWIFT reference (16) and a UETR (36).
 */
export const BANK_REFERENCE = /^[A-Za-z0-9][A-Za-z0-9\-/.:_]{3,39}$/;
export const BANK_REFERENCE_MESSAGE =
  'must be 4 to 40 letters, digits or - / . : _ (no spaces), starting with a letter or digit';

/** The account a transfer was sent from: letters, digits, spaces and - / . (up to 60). */
export const SENDING_ACCOUNT = /^[A-Za-z0-9][A-Za-z0-9 \-/.]{0,59}$/;
export const SENDING_ACCOUNT_MESSAGE =
  'must be up to 60 letters, digits, spaces or - / . starting with a letter or digit';

/** A calendar day YYYY-MM-DD (a value date), checked to be a real day. */
export function isCalendarDay(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const day = new Date(Date.UTC(y, mo - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === mo - 1 && day.getUTCDate() === d;
}
export const VALUE_DATE_MESSAGE = 'must be a date YYYY-MM-DD';

export const formBankReference = formText(40).refine(
  (v) => BANK_REFERENCE.test(v),
  BANK_REFERENCE_MESSAGE,
);

export const formValueDate = formText(10).refine(isCalendarDay, VALUE_DATE_MESSAGE);

export const formSendingAccount = formOptionalText(60).refine(
  (v) => v === undefined || SENDING_ACCOUNT.test(v),
  SENDING_ACCOUNT_MESSAGE,
);

/** How many days before the request's day, and after today, a value date may be. */
export const VALUE_DATE_DAYS = { beforeRequest: 1, afterToday: 7 } as const;
