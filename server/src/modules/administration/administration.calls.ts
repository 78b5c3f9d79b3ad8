import { getUsdtRateHistory, getUsdtRates, getWithdrawalHistory } from '@bo/contract';
import type { CallRegistry } from '../../http/registry';
import { readUsdtRates, usdtRateHistoryService } from './administration.service';
import { withdrawalHistoryService } from '../withdrawals/withdrawal-history';

/**
 * Administrator tools (admins with the administrator module): the history of decided
 * withdrawals and the USDT rates with their history. A rate's change (`changeUsdtRate`) is
 * guarded by its band: the setting-changes module's. The admin log's list is the admin-logs
 * module's (`getAdminLogs`).
 */
export function registerAdministrationCalls(registry: CallRegistry): void {
  registry
    .list(getWithdrawalHistory, withdrawalHistoryService)
    .user(getUsdtRates, (ctx) => readUsdtRates(ctx))
    .list(getUsdtRateHistory, usdtRateHistoryService);
}
