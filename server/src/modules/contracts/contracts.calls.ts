import {
  createContract,
  getContractList,
  getFeePreview,
  getMerchantContractList,
  getResellerContractList,
  getResellerContractRates,
} from '@bo/contract';
import type { CallRegistry } from '../../http/registry';
import { pageWindow } from '../scoped-lists/scope';
import { serveList } from '../scoped-lists/list-query';
import {
  contractVersionList,
  viewMerchantContract,
  viewResellerContract,
  WITH_RESELLER,
} from './contract-lists';
import { createContractVersion, viewContract } from './contract-versions';
import { listContracts } from './contracts.queries';
import { previewFee } from './fee-preview';
import { readResellerContractRates } from './reseller-rates';

/**
 * Contract calls: the scoped lists (/contracts: merchants' rates; /reseller-contracts: the
 * resellers' rates beneath), a reseller's rates beside its merchants', an admin adding a
 * version, and the fee preview. Scope is the server's: another's merchant is not found.
 */
export function registerContractCalls(registry: CallRegistry): void {
  registry
    .user(getContractList, async (ctx, input) => {
      const { rows, total } = await listContracts(ctx.db, ctx.actor, {
        ...input,
        ...pageWindow(input.page, input.pageSize),
      });
      const withResellerRates = ctx.actor.accountType !== 'merchant';
      return {
        rows: rows.map((r) => viewContract(r, withResellerRates)),
        total,
        page: input.page,
        page_size: input.pageSize,
      };
    })
    .list(getMerchantContractList, serveList(contractVersionList, viewMerchantContract))
    .list(
      getResellerContractList,
      serveList(contractVersionList, viewResellerContract, () => [WITH_RESELLER]),
    )
    .user(getResellerContractRates, (ctx, input) =>
      readResellerContractRates(ctx, input.resellerId, input.currency),
    )
    .user(createContract, (ctx, input) => createContractVersion(ctx, input))
    .user(getFeePreview, (ctx, input) => previewFee(ctx, input));
}
