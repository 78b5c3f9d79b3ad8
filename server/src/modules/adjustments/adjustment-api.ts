import { ADJUSTMENT_STATUSES, apiAdjustment, formatAmount } from '@bo/contract';
import type { z } from 'zod';
import { apiReadFacet } from '../money-lookup/api-read-facet';
import { isoOrNull } from '../scoped-lists/scope';
import { adjustmentsTable, type AdjustmentRecord } from './adjustments.queries';

/** An adjustment as the merchant API answers it. */
export const apiAdjustmentView = (j: AdjustmentRecord): z.infer<typeof apiAdjustment> => ({
  id: j.id,
  direction: j.direction,
  balance: j.balance,
  currency: j.currency,
  amount: formatAmount(j.amount, j.currency),
  reason_code: j.reason_code,
  note: j.note,
  related_id: j.related_id,
  status: j.status,
  created_at: j.created_at.toISOString(),
  decided_at: isoOrNull(j.decided_at),
});

/** The merchant's own adjustments, read-only (`GET /adjustments`, `GET /adjustments/{id}`). */
export const ADJUSTMENT_API = apiReadFacet<AdjustmentRecord>({
  path: '/adjustments',
  table: 'balance_adjustments',
  alias: adjustmentsTable.alias,
  columns: adjustmentsTable.columns,
  statuses: ADJUSTMENT_STATUSES,
  view: apiAdjustmentView,
  noun: 'adjustment',
  doc: {
    tag: 'Adjustments',
    schemaName: 'Adjustment',
    row: apiAdjustment,
    listOperation: 'listAdjustments',
    listSummary:
      'Corrections of your balances made by the platform (credits and debits), newest first, a page at a time; only approved ones moved money',
    readOperation: 'getAdjustment',
    readSummary: 'Read an adjustment',
  },
});
