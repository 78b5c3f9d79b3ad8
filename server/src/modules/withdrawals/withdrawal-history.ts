import type { getWithdrawalHistory, WithdrawalHistoryRow } from '@bo/contract';
import type { z } from 'zod';
import { serveList } from '../scoped-lists/list-query';
import { isoOrNull } from '../scoped-lists/scope';
import { viewWithdrawal } from './withdrawals.calls';
import {
  WITHDRAWAL_DECIDED,
  withdrawalHistoryList,
  type WithdrawalHistoryRecord,
} from './withdrawals.queries';

/** A decided withdrawal as /withdrawal-history/list shows it: the withdrawal and its decision. */
const viewDecidedWithdrawal = (w: WithdrawalHistoryRecord): WithdrawalHistoryRow => ({
  ...viewWithdrawal(w),
  status: w.status,
  decided_by: w.decided_by,
  decided_at: isoOrNull(w.decided_at),
});

/** The withdrawal history: page, export and totals, always of decided withdrawals only. */
export const withdrawalHistoryService = serveList<
  WithdrawalHistoryRecord,
  WithdrawalHistoryRow,
  z.output<(typeof getWithdrawalHistory)['request']>
>(withdrawalHistoryList, viewDecidedWithdrawal, () => [WITHDRAWAL_DECIDED]);
