import { formatAmount, type LedgerEntryRow } from '@bo/contract';
import type { UserCallContext } from '../../core/context';
import { ledgerAccountId, type Purpose } from '../../ledger/ledger-accounts';
import { ledgerChunks, ledgerFigures, ledgerPage, periodBalances } from './ledger-entries';
import type { LedgerTarget } from './ledger-targets';
import { readReportDays } from './report-service';
import type { TimezoneChoice } from '@bo/contract';

/** The fields every ledger report request has (the list kit's page and period). */
interface LedgerInput {
  readonly page: number;
  readonly pageSize: number;
  readonly from?: string;
  readonly to?: string;
  readonly timeZone?: TimezoneChoice;
}

/** The account beside a ledger's that holds its owner's money reserved for pending requests. */
const RESERVED_BESIDE: Partial<Record<Purpose, Purpose>> = { commission: 'commission_reserved' };

/** The reserved account's balance at the period's end, or null when the ledger has none. */
async function reservedAtEnd(
  ctx: UserCallContext,
  ledger: LedgerTarget,
  days: Awaited<ReturnType<typeof readReportDays>>,
): Promise<bigint | null> {
  const purpose = RESERVED_BESIDE[ledger.purpose];
  if (!purpose) return null;
  const key = { ownerKind: 'account' as const, ownerId: ledger.ownerId, currency: ledger.currency };
  const id = ledgerAccountId({ ...key, purpose });
  return (await periodBalances(ctx.db, days, [id])).closing.get(id) ?? 0n;
}

/**
 * Serves a ledger report as a list (`registry.list`): `resolve` names the ledger account the
 * request may read (scope checked); the page and the export read its entries by keyset with
 * the running balance, the totals and reconciliation come from the rollups.
 */
export function serveLedger<I extends LedgerInput>(
  resolve: (ctx: UserCallContext, input: I) => Promise<LedgerTarget>,
) {
  const prepare = async (ctx: UserCallContext, input: I) => {
    const ledger = await resolve(ctx, input);
    const days = await readReportDays(ctx, input);
    const figures = await ledgerFigures(ctx.db, ledger.accountId, ledger.currency, days);
    return { ledger, days, figures };
  };
  return {
    async page(ctx: UserCallContext, input: I) {
      const { ledger, days, figures } = await prepare(ctx, input);
      const c = ledger.currency;
      const reserved = await reservedAtEnd(ctx, ledger, days);
      const rows = await ledgerPage(
        ctx.db,
        ledger.accountId,
        c,
        figures,
        input.page,
        input.pageSize,
      );
      return {
        rows,
        total: figures.count,
        page: input.page,
        page_size: input.pageSize,
        totals: [
          {
            currency: c,
            opening: formatAmount(figures.opening, c),
            credits: formatAmount(figures.credits, c),
            debits: formatAmount(figures.debits, c),
            closing: formatAmount(figures.closing, c),
            reserved: reserved === null ? null : formatAmount(reserved, c),
            total: reserved === null ? null : formatAmount(figures.closing + reserved, c),
            entries: figures.count,
          },
        ],
        period: days.period,
        differences: [...figures.differences],
        ledger: {
          ledger_account_id: ledger.accountId,
          purpose: ledger.purpose,
          owner_db_code: ledger.ownerDbCode,
          owner_name: ledger.ownerName,
          currency: c,
        },
      };
    },
    async *chunks(ctx: UserCallContext, input: I): AsyncIterable<LedgerEntryRow[]> {
      const { ledger, figures } = await prepare(ctx, input);
      yield* ledgerChunks(ctx.db, ledger.accountId, ledger.currency, figures);
    },
  };
}
