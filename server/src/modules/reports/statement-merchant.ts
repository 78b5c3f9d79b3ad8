import {
  columnOfKind,
  formatAmount,
  MERCHANT_STATEMENT_COLUMNS,
  MERCHANT_STATEMENT_MOVEMENTS,
  type MerchantStatementMovement,
  type MerchantStatementRow,
  type TimezoneChoice,
} from '@bo/contract';
import type { UserCallContext } from '../../core/context';
import { ledgerAccountId } from '../../ledger/ledger-accounts';
import { movementRows } from '../../ledger/report-sources';
import { MERCHANT_MONEY_PURPOSES } from './balance-settlement-columns';
import { periodBalances } from './ledger-entries';
import { statementMerchant } from './ledger-targets';
import { readReportDays } from './report-service';

/**
 * A merchant's statement (`/merchant/{id}/merchant-statement`): per currency, its money at the
 * platform at the period's start and end and what moved it, by the journal's lifecycle. The
 * figures come from the rollups (`movementRows`, `periodBalances`); each currency reconciles.
 */

/** The merchant's own fiat accounts: money moving between them nets out in one lifecycle. */
const MERCHANT_PURPOSES = MERCHANT_MONEY_PURPOSES;

/** The statement's movement columns, in order; any other journal kind is an adjustment. */
const COLUMNS = MERCHANT_STATEMENT_MOVEMENTS;
type Column = MerchantStatementMovement;

/** The statement column of a journal kind (`payin.success`, `settlement_wallet.post`, …). */
const columnOf = (kind: string): Column => columnOfKind(MERCHANT_STATEMENT_COLUMNS, kind);

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
      ...(Object.fromEntries(COLUMNS.map((col) => [col, 0n])) as Record<Column, bigint>),
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
    const expected = COLUMNS.reduce((sum, col) => sum + s[col], s.opening);
    if (expected !== s.closing) {
      differences.push(
        `${c}: opening plus movements is ${formatAmount(expected, c)}, but the ledger balance at the period's end is ${formatAmount(s.closing, c)}`,
      );
    }
    const f = (v: bigint) => formatAmount(v, c);
    return {
      currency: c,
      opening: f(s.opening),
      ...(Object.fromEntries(COLUMNS.map((col) => [col, f(s[col])])) as Record<Column, string>),
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
