import { z } from 'zod';
import { TIMEZONE_CHOICES } from '../accounts';
import { listPageOf, listRequest } from './list';

/**
 * What every report shares (issue 12). A report is a list call: its request is `reportRequest`
 * plus its own filters, its answer `reportPageOf(row, totalsRow)`, so the web list kit shows,
 * pages, filters (in the URL) and exports it like any list.
 *
 * The period is whole days in the chosen time zone: `from`/`to` are the instants the list kit's
 * date range sends (00:00:00 of the first day to 23:59:59 of the last, in `timeZone`); the server
 * reads the days they fall on in that zone. Missing: the last 30 days up to today. At most
 * `REPORT_MAX_DAYS` days.
 */
export const REPORT_MAX_DAYS = 366;
export const REPORT_DEFAULT_DAYS = 30;

export const reportRequest = listRequest;

/** The period a report covers, as the server read it. */
export const reportPeriod = z.object({
  from_day: z.string(),
  to_day: z.string(),
  time_zone: z.enum(TIMEZONE_CHOICES),
});
export type ReportPeriod = z.infer<typeof reportPeriod>;

/**
 * A report's answer: its page of rows, the totals of every row of the period (one per
 * currency, same figures as the rows), the period read, and the differences a reconciliation
 * found (empty when the books agree; a report never hides one).
 */
export const reportPageOf = <R extends z.ZodType, T extends z.ZodType>(row: R, totalsRow: T) =>
  listPageOf(row).extend({
    totals: z.array(totalsRow),
    period: reportPeriod,
    differences: z.array(z.string()),
  });
