import { formatAmount } from '@bo/contract';
import type { Queryable } from '../../db/db';
import { ledgerAccountId, type Purpose } from '../../ledger/ledger-accounts';
import { movementRows, type ZoneDays } from '../../ledger/report-sources';
import type { SettlementColumns } from './balance-settlement-columns';
import { periodBalances } from './ledger-entries';

/**
 * The figures of a balance settlement report: per tenant and currency, the balance of its
 * accounts at the period's start and end (`periodBalances`), the movements between by column
 * (`movementRows` grouped by journal kind) and the difference opening + movements − closing.
 */

export interface SettlementTenant {
  readonly id: string;
  readonly account_db_code: string;
  readonly name: string;
}

export interface SettlementFigures<C extends string> {
  readonly tenant: SettlementTenant;
  readonly currency: string;
  readonly opening: bigint;
  /** Net movement per column (credit − debit: an outflow is negative here). */
  readonly moved: Record<C, bigint>;
  readonly closing: bigint;
  /** Closing balance per purpose. */
  readonly closingOf: ReadonlyMap<Purpose, bigint>;
  readonly difference: bigint;
}

/** The (tenant, currency) pairs whose accounts of `purposes` were ever opened, plus `extra`. */
export async function heldCurrencies(
  db: Queryable,
  tenantIds: readonly string[],
  purposes: readonly Purpose[],
  currency: string | undefined,
  extraSql = '',
): Promise<{ owner_id: string; currency: string }[]> {
  if (tenantIds.length === 0) return [];
  const { rows } = await db.query<{ owner_id: string; currency: string }>(
    `SELECT owner_id::text AS owner_id, currency FROM ledger_accounts
      WHERE owner_kind = 'account' AND owner_id = ANY($1::uuid[]) AND purpose = ANY($2::text[])
        AND ($3::text IS NULL OR currency = $3)
     ${extraSql}
     ORDER BY 1, 2`,
    [tenantIds, purposes, currency ?? null],
  );
  const seen = new Set<string>();
  return rows.filter((r) => {
    const key = `${r.owner_id}:${r.currency}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export async function settlementFigures<C extends string>(
  db: Queryable,
  days: ZoneDays,
  tenants: ReadonlyMap<string, SettlementTenant>,
  pairs: readonly { owner_id: string; currency: string }[],
  spec: SettlementColumns<C>,
): Promise<SettlementFigures<C>[]> {
  const slotOf = new Map<string, { pair: number; purpose: Purpose }>();
  pairs.forEach((p, pair) => {
    for (const purpose of spec.purposes) {
      const key = { ownerKind: 'account' as const, ownerId: p.owner_id, currency: p.currency };
      slotOf.set(ledgerAccountId({ ...key, purpose }), { pair, purpose });
    }
  });
  const accounts = [...slotOf.keys()];
  if (accounts.length === 0) return [];
  const part = movementRows(days, accounts);
  // Independent reads, at once on PostgreSQL's pool.
  const [{ opening, closing }, { rows: moved }] = await Promise.all([
    periodBalances(db, days, accounts),
    db.query<{ ledger_account_id: string; kind: string; net: bigint }>(
      `SELECT ledger_account_id::text AS ledger_account_id, kind, sum(credit - debit)::bigint AS net
         FROM (${part.sql}) m GROUP BY 1, 2`,
      [...part.params],
    ),
  ]);
  const zero = () => Object.fromEntries(spec.columns.map((c) => [c, 0n])) as Record<C, bigint>;
  const figures = pairs.map((p) => ({
    tenant: tenants.get(p.owner_id)!,
    currency: p.currency,
    opening: 0n,
    moved: zero(),
    closing: 0n,
    closingOf: new Map<Purpose, bigint>(),
    difference: 0n,
  }));
  for (const [id, slot] of slotOf) {
    const f = figures[slot.pair]!;
    f.opening += opening.get(id) ?? 0n;
    const c = closing.get(id) ?? 0n;
    f.closing += c;
    f.closingOf.set(slot.purpose, c);
  }
  for (const m of moved) {
    const f = figures[slotOf.get(m.ledger_account_id)!.pair]!;
    f.moved[spec.columnOf(m.kind)] += BigInt(m.net);
  }
  figures.sort(
    (a, b) =>
      a.tenant.account_db_code.localeCompare(b.tenant.account_db_code) ||
      a.currency.localeCompare(b.currency),
  );
  for (const f of figures) {
    const movements = spec.columns.reduce((sum, c) => sum + f.moved[c], 0n);
    f.difference = f.opening + movements - f.closing;
  }
  return figures;
}

/** The reconciliation messages of the figures whose difference is not zero. */
export const settlementDifferences = <C extends string>(figures: readonly SettlementFigures<C>[]) =>
  figures
    .filter((f) => f.difference !== 0n)
    .map(
      (f) =>
        `${f.tenant.account_db_code} ${f.currency}: opening plus movements differs from the ledger balance at the period's end (${formatAmount(f.closing, f.currency)}) by ${formatAmount(f.difference, f.currency)}`,
    );

/** A row's figures as the report shows them (outflows as positive amounts), minor units. */
export function shownValues<C extends string>(
  spec: SettlementColumns<C>,
  f: SettlementFigures<C>,
): Record<string, bigint> {
  const values: Record<string, bigint> = { opening: f.opening };
  for (const c of spec.columns) {
    const moved: bigint = f.moved[c];
    values[c] = spec.outflows.includes(c) ? -moved : moved;
  }
  values.closing = f.closing;
  values.difference = f.difference;
  return values;
}

/** Each value as an exact decimal of the currency. */
export const formatValues = (currency: string, values: Record<string, bigint>) =>
  Object.fromEntries(
    Object.entries(values).map(([k, v]) => [k, formatAmount(v, currency)]),
  ) as Record<string, string>;

/** Sums rows' figure fields per currency (the totals rows), as exact amounts. */
export function totalsPerCurrency<T extends { currency: string }>(
  figures: readonly { currency: string; values: Record<string, bigint> }[],
  build: (currency: string, values: Record<string, bigint>) => T,
): T[] {
  const sums = new Map<string, Record<string, bigint>>();
  for (const f of figures) {
    const s = sums.get(f.currency) ?? {};
    for (const [k, v] of Object.entries(f.values)) s[k] = (s[k] ?? 0n) + v;
    sums.set(f.currency, s);
  }
  return [...sums.keys()].sort().map((c) => build(c, sums.get(c)!));
}
