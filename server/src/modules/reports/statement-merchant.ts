import { formatAmount, type MerchantStatementRow, type TimezoneChoice } from '@bo/contract';
import type { UserCallContext } from '../../core/context';
import { ledgerAccountId, type Purpose } from '../../ledger/ledger-accounts';
import { movementRows } from '../../ledger/report-sources';
import { periodBalances } from './ledger-entries';
import { statementMerchant } from './ledger-targets';
import { readReportDays } from './report-service';

/**
 * A merchant's statement (`/merchant/{id}/merchant-statement`): per currency, its money at the
 * platform at the period's start and end and what moved it, by the journal's lifecycle. The
 * figures come from the rollups (`movementRows`, `periodBalances`); each currency reconciles.
 */

/** The merchant's own fiat accounts: money moving between them nets out in one lifecycle. */
const MERCHANT_PURPOSES: readonly Purpose[] = [
  'available',
  'reserved',
  'payout_available',
  'payout_reserved',
];

type Column = 'payins' | 'payouts' | 'settlements' | 'top_ups' | 'adjustments';

/** The statement column of a journal kind (`payin.success`, `settlement_wallet.post`, …). */
function columnOf(kind: string): Column {
  const lifecycle = kind.split('.')[0];
  if (lifecycle === 'payin') return 'payins';
  if (lifecycle === 'payout') return 'payouts';
  if (lifecycle === 'settlement' || lifecycle === 'settlement_wallet') return 'settlements';
  if (lifecycle === 'top_up') return 'top_ups';
  return 'adjustments';
}

interface StatementInput {
  readonly merchantId: string;
  readonly currency?: string;
  readonly from?: string;
  readonly to?: string;
  readonly timeZone?: TimezoneChoice;
}

export async function merchantStatement(ctx: UserCallContext, input: StatementInput) {
  const merchant = await statementMerchant(ctx, input.merchantId);
  const days = await readReportDays(ctx, input);
  const { rows: held } = await ctx.db.query<{ currency: string }>(
    `SELECT DISTINCT currency FROM contracts WHERE merchant_account_id = $1 ORDER BY 1`,
    [merchant.id],
  );
  const currencies = held
    .map((r) => r.currency)
    .filter((c) => !input.currency || c === input.currency);
  const currencyOf = new Map<string, string>();
  for (const currency of currencies) {
    for (const purpose of MERCHANT_PURPOSES) {
      const id = ledgerAccountId({ ownerKind: 'account', ownerId: merchant.id, currency, purpose });
      currencyOf.set(id, currency);
    }
  }
  const accounts = [...currencyOf.keys()];
  const { opening, closing } = await periodBalances(ctx.db, days, accounts);
  const part = movementRows(days, accounts);
  const { rows: moved } = await ctx.db.query<{
    ledger_account_id: string;
    kind: string;
    net: bigint;
  }>(
    `SELECT ledger_account_id, kind, sum(credit - debit)::bigint AS net FROM (${part.sql}) m
      GROUP BY 1, 2`,
    [...part.params],
  );
  const sums = new Map<string, Record<Column | 'opening' | 'closing', bigint>>();
  for (const c of currencies) {
    sums.set(c, {
      opening: 0n,
      payins: 0n,
      payouts: 0n,
      settlements: 0n,
      top_ups: 0n,
      adjustments: 0n,
      closing: 0n,
    });
  }
  for (const [id, c] of currencyOf) {
    const s = sums.get(c)!;
    s.opening += opening.get(id) ?? 0n;
    s.closing += closing.get(id) ?? 0n;
  }
  for (const m of moved) {
    const s = sums.get(currencyOf.get(m.ledger_account_id)!)!;
    s[columnOf(m.kind)] += BigInt(m.net);
  }
  const differences: string[] = [];
  const rows: MerchantStatementRow[] = currencies.map((c) => {
    const s = sums.get(c)!;
    const expected = s.opening + s.payins + s.payouts + s.settlements + s.top_ups + s.adjustments;
    if (expected !== s.closing) {
      differences.push(
        `${c}: opening plus movements is ${formatAmount(expected, c)}, but the ledger balance at the period's end is ${formatAmount(s.closing, c)}`,
      );
    }
    const f = (v: bigint) => formatAmount(v, c);
    return {
      currency: c,
      opening: f(s.opening),
      payins: f(s.payins),
      payouts: f(s.payouts),
      settlements: f(s.settlements),
      top_ups: f(s.top_ups),
      adjustments: f(s.adjustments),
      closing: f(s.closing),
    };
  });
  return {
    rows,
    totals: rows,
    differences,
    period: days.period,
    merchant: { merchant_db_code: merchant.account_db_code, merchant_name: merchant.name },
  };
}
