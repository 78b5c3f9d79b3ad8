import { getMerchantBalanceSettlement, getResellerBalanceSettlement } from '@bo/contract';
import type { z } from 'zod';
import type { CallRegistry } from '../../http/registry';
import { merchantBalanceSettlement } from './balance-settlement-merchant';
import { resellerBalanceSettlement } from './balance-settlement-reseller';
import { serveReport } from './report-service';

/** The calls of balance settlement reports (/merchant-balance-settlement, /reseller-balance-settlement) (issue 12). */
export function registerBalanceReportCalls(registry: CallRegistry): void {
  registry
    .list(
      getMerchantBalanceSettlement,
      serveReport((ctx, input: z.output<(typeof getMerchantBalanceSettlement)['request']>) =>
        merchantBalanceSettlement(ctx, input),
      ),
    )
    .list(
      getResellerBalanceSettlement,
      serveReport((ctx, input: z.output<(typeof getResellerBalanceSettlement)['request']>) =>
        resellerBalanceSettlement(ctx, input),
      ),
    );
}
