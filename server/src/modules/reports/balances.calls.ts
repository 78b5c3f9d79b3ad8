import { getMerchantBalanceSettlement, getResellerBalanceSettlement } from '@bo/contract';
import type { z } from 'zod';
import type { UserCallContext } from '../../core/context';
import type { CallRegistry } from '../../http/registry';
import { merchantBalanceSettlement } from './balance-settlement-merchant';
import { resellerBalanceSettlement } from './balance-settlement-reseller';
import { serveReport, type ComputedReport } from './report-service';

/** `serveReport`, its answer's lists made mutable as the contract's answer types are. */
function serve<I extends { page: number; pageSize: number }, Row, Totals>(
  compute: (ctx: UserCallContext, input: I) => Promise<ComputedReport<Row, Totals>>,
) {
  const served = serveReport(compute);
  return {
    async page(ctx: UserCallContext, input: I) {
      const answer = await served.page(ctx, input);
      return { ...answer, totals: [...answer.totals], differences: [...answer.differences] };
    },
    chunks: served.chunks,
  };
}

/** The calls of balance settlement reports (/merchant-balance-settlement, /reseller-balance-settlement) (issue 12). */
export function registerBalanceReportCalls(registry: CallRegistry): void {
  registry
    .list(
      getMerchantBalanceSettlement,
      serve((ctx, input: z.output<(typeof getMerchantBalanceSettlement)['request']>) =>
        merchantBalanceSettlement(ctx, input),
      ),
    )
    .list(
      getResellerBalanceSettlement,
      serve((ctx, input: z.output<(typeof getResellerBalanceSettlement)['request']>) =>
        resellerBalanceSettlement(ctx, input),
      ),
    );
}
