import { formatAmount, type ContractLedgerSummaryRow, type TimezoneChoice } from '@bo/contract';
import type { UserCallContext } from '../../core/context';
import { ledgerAccountId } from '../../ledger/ledger-accounts';
import { movementRows } from '../../ledger/report-sources';
import { periodBalances } from '../reports/ledger-entries';
import { ledgerContractChoices } from '../reports/ledger-targets';
import { readFigures } from '../reports/profit-figures';
import { readReportDays } from '../reports/report-service';

type Sums = { opening: bigint; credits: bigint; debits: bigint; fees: bigint; closing: bigint };
const zero = (): Sums => ({ opening: 0n, credits: 0n, debits: 0n, fees: 0n, closing: 0n });
const shown = (currency: string, s: Sums) => ({
  currency,
  ...(Object.fromEntries(
    Object.entries(s).map(([k, v]) => [k, formatAmount(v, currency)]),
  ) as Record<keyof Sums, string>),
});

/**
 * `/contract-ledger-summary`: per merchant contract, its `available` account over the period
 * (opening and closing from `periodBalances`, credits and debits from `movementRows`) and the
 * fees of its merchant's successful transactions in the contract's currency (report rollups).
 */
export async function contractLedgerSummary(
  ctx: UserCallContext,
  input: {
    currency?: string;
    from?: string;
    to?: string;
    timeZone?: TimezoneChoice;
    search?: string;
    merchantDbCode?: string;
  },
) {
  const days = await readReportDays(ctx, input);
  const contracts = await ledgerContractChoices(ctx, input);
  const accountOf = (c: (typeof contracts)[number]) =>
    ledgerAccountId({
      ownerKind: 'account',
      ownerId: c.merchant_id,
      currency: c.currency,
      purpose: 'available',
    });
  const accounts = contracts.map(accountOf);
  const part = movementRows(days, accounts);
  const merchants = [...new Set(contracts.map((c) => c.merchant_id))];
  // Independent reads, at once on PostgreSQL's pool.
  const [{ opening, closing }, { rows: moved }, figures] = await Promise.all([
    periodBalances(ctx.db, days, accounts),
    ctx.db.query<{ id: string; credit: bigint; debit: bigint }>(
      `SELECT ledger_account_id::text AS id, sum(credit)::bigint AS credit, sum(debit)::bigint AS debit
         FROM (${part.sql}) m GROUP BY 1`,
      [...part.params],
    ),
    merchants.length
      ? readFigures(ctx.db, days, merchants, input.currency, ['owner'], { countedOnly: true })
      : [],
  ]);
  const movedOf = new Map(moved.map((m) => [m.id, m]));
  const feeOf = new Map<string, bigint>();
  for (const f of figures) {
    const key = `${f.owner}:${f.currency}`;
    feeOf.set(key, (feeOf.get(key) ?? 0n) + BigInt(f.fee));
  }
  const totals = new Map<string, Sums>();
  const differences: string[] = [];
  const rows: ContractLedgerSummaryRow[] = contracts.map((c) => {
    const id = accountOf(c);
    const m = movedOf.get(id);
    const s: Sums = {
      opening: opening.get(id) ?? 0n,
      credits: BigInt(m?.credit ?? 0n),
      debits: BigInt(m?.debit ?? 0n),
      fees: feeOf.get(`${c.merchant_id}:${c.currency}`) ?? 0n,
      closing: closing.get(id) ?? 0n,
    };
    if (s.opening + s.credits - s.debits !== s.closing)
      differences.push(
        `${c.merchant_db_code} ${c.currency}: opening + credits − debits is ${formatAmount(s.opening + s.credits - s.debits, c.currency)}, but the ledger balance at the period's end is ${formatAmount(s.closing, c.currency)}`,
      );
    const t = totals.get(c.currency) ?? zero();
    for (const k of Object.keys(s) as (keyof Sums)[]) t[k] += s[k];
    totals.set(c.currency, t);
    return {
      id: c.contract_id,
      contract_id: c.contract_id,
      merchant_db_code: c.merchant_db_code,
      merchant_name: c.merchant_name,
      ...shown(c.currency, s),
    };
  });
  return {
    rows,
    totals: [...totals.keys()].sort().map((c) => shown(c, totals.get(c)!)),
    differences,
    period: days.period,
  };
}
