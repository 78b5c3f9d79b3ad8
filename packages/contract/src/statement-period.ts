import { z } from 'zod';
import { CURRENCIES } from './money';

// A verifiable statement's period (issue 44), shared by the merchant API's `GET /statements`
// and the back office's `getVerifiableStatement`: its own file, below both.

/** A currency code of the platform's list. */
export const currencyCode = z.enum(CURRENCIES.map((c) => c.code) as [string, ...string[]]);

/** The longest period one statement covers, in days. */
export const STATEMENT_MAX_DAYS = 366;

const utcDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a day as YYYY-MM-DD')
  .refine(
    (d) =>
      !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) &&
      new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
    'is not a day of the calendar',
  );

type Period = { readonly from: string; readonly to: string };
const dayOrder = (q: Period) => q.from <= q.to;
const daySpan = (q: Period) => Date.parse(q.to) - Date.parse(q.from);

/**
 * A statement's period and currency (issue 44; tools/statement-verifier): UTC days `from` to
 * `to`, both included, at most STATEMENT_MAX_DAYS; `extra` adds a caller's own fields (the back
 * office's `ownerId`).
 */
export const statementPeriodOf = <E extends z.ZodRawShape>(extra: E) =>
  z
    .object({
      currency: currencyCode,
      from: utcDay.describe('The first day, UTC, YYYY-MM-DD'),
      to: utcDay.describe(
        'The last day, UTC, YYYY-MM-DD (its seal must be made: five minutes after the day ends)',
      ),
      ...extra,
    })
    .strict()
    .refine((q) => dayOrder(q as Period), { message: 'must not be after to', path: ['from'] })
    .refine((q) => daySpan(q as Period) < STATEMENT_MAX_DAYS * 86_400_000, {
      message: `must be at most ${STATEMENT_MAX_DAYS} days before to`,
      path: ['from'],
    });
