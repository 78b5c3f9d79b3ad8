import {
  getContractLedger,
  getLedgerContracts,
  getMerchantStatement,
  getResellerContractLedger,
  getResellerEarningStatement,
  getUsdtWalletLedger,
  getBalancesAt,
  getLedgerEntries,
  getVerifiableStatement,
} from '@bo/contract';
import type { CallRegistry } from '../../http/registry';
import { serveLedger } from './ledger-service';
import {
  contractLedgerTarget,
  ledgerContractChoices,
  resellerEarningTarget,
  resellerLedgerTarget,
  statementOwner,
  usdtWalletTarget,
} from './ledger-targets';
import { merchantStatement } from './statement-merchant';
import { buildStatement } from '../../ledger/chain/statement';
import { ownerBalancesAt } from './balance-at';
import { entriesChunks, entriesPage } from './entries-view';

/** The calls of ledger and statement reports (contract ledgers, merchant statement, reseller earning statement, USDT wallet) (issue 12). */
export function registerLedgerReportCalls(registry: CallRegistry): void {
  registry
    .user(getLedgerContracts, async (ctx) => ({ rows: await ledgerContractChoices(ctx) }))
    .list(
      getContractLedger,
      serveLedger((ctx, input) => contractLedgerTarget(ctx, input.contractId)),
    )
    .list(
      getResellerContractLedger,
      serveLedger((ctx, input) => resellerLedgerTarget(ctx, input.contractId, input.resellerId)),
    )
    .list(
      getUsdtWalletLedger,
      serveLedger((ctx, input) => usdtWalletTarget(ctx, input.merchantId)),
    )
    .list(
      getResellerEarningStatement,
      serveLedger((ctx, input) => resellerEarningTarget(ctx, input.resellerId, input.currency)),
    )
    .user(getVerifiableStatement, async (ctx, input) => {
      const owner = await statementOwner(ctx, input.ownerId);
      const statement = await buildStatement(
        ctx.db,
        owner.id,
        input.currency,
        input.from,
        input.to,
      );
      return {
        owner_db_code: owner.account_db_code,
        owner_name: owner.name,
        statement: { ...statement },
      };
    })
    .user(getBalancesAt, (ctx, input) => ownerBalancesAt(ctx, input))
    .list(getLedgerEntries, { page: entriesPage, chunks: entriesChunks })
    .list(getMerchantStatement, {
      async page(ctx, input) {
        const statement = await merchantStatement(ctx, input);
        const start = (input.page - 1) * input.pageSize;
        return {
          ...statement,
          rows: statement.rows.slice(start, start + input.pageSize),
          total: statement.rows.length,
          page: input.page,
          page_size: input.pageSize,
        };
      },
      async *chunks(ctx, input) {
        yield (await merchantStatement(ctx, input)).rows;
      },
    });
}
