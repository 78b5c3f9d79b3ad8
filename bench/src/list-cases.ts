import type { Db } from '../../server/src/db/db';
import { lastZoneDays } from './zone-days';

/*
 * The pay-in list's cases (bench:lists, bench:growth): its first pages, a deep page and the
 * totals of a filtered set, each with its target (issue 10).
 */

const PAGE_SIZE = '25';
const DEEP_PAGE = '500';
const FIRST_PAGE_TARGET = 50;
const DEEP_PAGE_TARGET = 100;
const TOTALS_TARGET = 300;

/** An order id of the demo merchant's (every role sees it): its 101st pay-in. */
export async function demoOrderId(db: Db): Promise<string> {
  const { rows } = await db.query<{ order_id: string }>(
    `SELECT order_id FROM payins
      WHERE merchant_account_id = (SELECT id FROM accounts WHERE account_db_code = 'MER00001')
      ORDER BY created_at LIMIT 1 OFFSET 100`,
  );
  return rows[0]!.order_id;
}

/** The last `days` whole days in Asia/Bangkok (UTC+7). */
const lastDays = (days: number) => lastZoneDays(days, 7 * 60);

export interface ListCase {
  label: string;
  fields: Record<string, string>;
  target: number;
}

/** The cases timed for every role; `orderId` is one of the demo merchant's, so all three see it. */
export function listCasesOf(orderId: string): ListCase[] {
  const first = { page: '1', pageSize: PAGE_SIZE };
  return [
    { label: 'page 1, no filter', fields: first, target: FIRST_PAGE_TARGET },
    {
      label: 'page 1, success, last 7 days',
      fields: { ...first, status: 'success', ...lastDays(7) },
      target: FIRST_PAGE_TARGET,
    },
    {
      label: 'page 1, expired, last 30 days',
      fields: { ...first, status: 'expired', ...lastDays(30) },
      target: FIRST_PAGE_TARGET,
    },
    {
      label: 'page 1, search order id',
      fields: { ...first, search: orderId },
      target: FIRST_PAGE_TARGET,
    },
    {
      label: `page ${DEEP_PAGE}, no filter`,
      fields: { page: DEEP_PAGE, pageSize: PAGE_SIZE },
      target: DEEP_PAGE_TARGET,
    },
  ];
}

/**
 * The totals cases: the list's filters (page 500 adds up what page 1 does, so it is left
 * out), then the last 30 days alone and with a merchant, and an amount range (rows only).
 */
export function totalsCasesOf(orderId: string): ListCase[] {
  const listed = listCasesOf(orderId)
    .filter((c) => c.fields.page === '1')
    .map((c) => ({
      label: c.label.replace('page 1, ', ''),
      fields: c.fields,
      target: TOTALS_TARGET,
    }));
  return [
    ...listed,
    { label: 'last 30 days', fields: lastDays(30), target: TOTALS_TARGET },
    {
      label: 'merchant MER00001, last 30 days',
      fields: { merchantDbCode: 'MER00001', ...lastDays(30) },
      target: TOTALS_TARGET,
    },
    {
      label: 'success, merchant MER00001',
      fields: { status: 'success', merchantDbCode: 'MER00001' },
      target: TOTALS_TARGET,
    },
    // Rows one by one: capped at once (the rollups count more than the cap), then read.
    { label: 'amount ≥ 4,000.00 (rows)', fields: { amountMin: '4000' }, target: Infinity },
    {
      label: 'amount ≥ 4,000.00, last 2 days (rows)',
      fields: { amountMin: '4000', ...lastDays(2) },
      target: Infinity,
    },
  ];
}
