import {
  decideAccess,
  formatAmount,
  HOUSE_PURPOSES,
  OWNER_MONEY_PURPOSES,
  RULES,
  type EntryOwnerKind,
  type EntryPurpose,
  type EntryViewRow,
  type EntryViewTotals,
  type TimezoneChoice,
} from '@bo/contract';
import { badInput, notAllowed, notFound } from '../../core/app-error';
import type { UserCallContext } from '../../core/context';
import type { Queryable } from '../../db/db';
import { ledgerAccountId, PLATFORM_OWNER } from '../../ledger/ledger-accounts';
import { movementRows } from '../../ledger/report-sources';
import { periodBalances, periodInstants } from './ledger-entries';
import { statementOwner } from './ledger-targets';
import { readReportDays, type ReportDays } from './report-service';

/**
 * The entries view (issue 44; docs/money.md, "Every figure opens its entries"): an owner's
 * ledger accounts in one currency, narrowed to some purposes and journal kinds, over a report
 * period. The totals come from the same rollups the reports read (`movementRows`, by journal
 * kind), so the sum a figure links to is the figure; the page reads the entries themselves in
 * posting order, one index range per account merged by time (`entries_account_time_idx`),
 * from the nearer end of the period.
 */

export interface EntriesInput {
  readonly page: number;
  readonly pageSize: number;
  readonly from?: string;
  readonly to?: string;
  readonly timeZone?: TimezoneChoice;
  readonly ownerKind?: EntryOwnerKind;
  readonly ownerId?: string;
  readonly currency: string;
  readonly purposes?: readonly EntryPurpose[];
  readonly kinds?: readonly string[];
}

type OwnerType = 'merchant' | 'reseller' | 'platform' | 'gateway';

/** Whose accounts a request reads: named, typed, and the purposes its type holds. */
interface EntriesOwner {
  readonly owner: { id: string; account_db_code: string; name: string };
  readonly ownerKind: EntryOwnerKind;
  readonly ownerType: OwnerType;
  /** Every purpose the owner's type holds, and those read when none is asked for. */
  readonly held: readonly EntryPurpose[];
  readonly byDefault: readonly EntryPurpose[];
}

/** What a request reads, resolved and checked against the caller's scope. */
interface EntriesScope extends EntriesOwner {
  readonly currency: string;
  readonly purposes: readonly EntryPurpose[];
  /** Ledger account id → its purpose. */
  readonly accounts: ReadonlyMap<string, EntryPurpose>;
  readonly kinds: readonly string[] | null;
  readonly days: ReportDays;
  readonly start: Date;
  readonly end: Date;
}

/**
 * The owner of the request: a merchant or reseller in the caller's scope (`statementOwner`),
 * or, for an administrator with the administrator module, the platform or a gateway.
 */
async function entriesOwner(ctx: UserCallContext, input: EntriesInput): Promise<EntriesOwner> {
  const ownerKind = input.ownerKind ?? 'account';
  if (ownerKind === 'account') {
    const owner = await statementOwner(ctx, input.ownerId);
    const ownerType = owner.account_type === 'reseller' ? 'reseller' : 'merchant';
    return {
      owner,
      ownerKind,
      ownerType,
      held:
        ownerType === 'merchant'
          ? [...OWNER_MONEY_PURPOSES.merchant, 'usdt_wallet']
          : OWNER_MONEY_PURPOSES.reseller,
      byDefault: OWNER_MONEY_PURPOSES[ownerType],
    };
  }
  if (decideAccess(RULES.administrator, ctx.actor) !== 'allowed')
    throw notAllowed('The platform’s own accounts are shown to administrators only');
  const held = HOUSE_PURPOSES[ownerKind];
  if (ownerKind === 'platform') {
    if (input.ownerId) throw badInput('ownerId: the platform’s accounts have no owner id');
    const owner = { id: PLATFORM_OWNER, account_db_code: 'PLATFORM', name: 'Platform' };
    return { owner, ownerKind, ownerType: 'platform', held, byDefault: held };
  }
  if (!input.ownerId) throw badInput('ownerId: name the gateway');
  const { rows } = await ctx.db.query<{ id: string; account_db_code: string; name: string }>(
    `SELECT id::text AS id, payment_gateway_code AS account_db_code, payment_gateway_name AS name
       FROM payment_gateways WHERE id = $1`,
    [input.ownerId],
  );
  if (!rows[0]) throw notFound('ownerId: no such gateway');
  return { owner: rows[0], ownerKind, ownerType: 'gateway', held, byDefault: held };
}

async function resolveScope(ctx: UserCallContext, input: EntriesInput): Promise<EntriesScope> {
  const who = await entriesOwner(ctx, input);
  const purposes = input.purposes?.length ? input.purposes : who.byDefault;
  const foreign = purposes.filter((p) => !who.held.includes(p));
  if (foreign.length)
    throw badInput(`purposes: a ${who.ownerType} has no ${foreign.join(', ')} account`);
  const accounts = new Map(
    purposes.map((purpose) => [
      ledgerAccountId({
        ownerKind: who.ownerKind,
        ownerId: who.owner.id,
        currency: input.currency,
        purpose,
      }),
      purpose,
    ]),
  );
  const days = await readReportDays(ctx, input);
  const { start, end } = await periodInstants(ctx.db, days);
  return {
    ...who,
    currency: input.currency,
    purposes,
    accounts,
    kinds: input.kinds?.length ? input.kinds : null,
    days,
    start,
    end,
  };
}

/**
 * The filters' sum per account from the rollups: what each account of the scope moved in the
 * period, of the kinds asked for.
 */
async function movedPerAccount(db: Queryable, scope: EntriesScope) {
  const part = movementRows(scope.days, [...scope.accounts.keys()]);
  const kindsAt = part.params.length + 1;
  const { rows } = await db.query<{ account: string; credit: bigint; debit: bigint; n: bigint }>(
    `SELECT ledger_account_id::text AS account, sum(credit)::bigint AS credit,
            sum(debit)::bigint AS debit, sum(count)::bigint AS n
       FROM (${part.sql}) m WHERE $${kindsAt}::text[] IS NULL OR kind = ANY($${kindsAt}::text[])
      GROUP BY ledger_account_id`,
    [...part.params, scope.kinds],
  );
  return rows.map((r) => ({
    account: r.account,
    credit: BigInt(r.credit),
    debit: BigInt(r.debit),
    entries: BigInt(r.n),
  }));
}

/**
 * The scope narrowed to the accounts that hold matching entries in the period (the rollups
 * say which): a page or an export reads no account's index range only to find none (an
 * account without the kind asked for would be walked over the whole period).
 */
const holdingOnly = (
  scope: EntriesScope,
  moved: readonly { account: string; entries: bigint }[],
): EntriesScope => {
  const holding = new Set(moved.filter((m) => m.entries > 0n).map((m) => m.account));
  return { ...scope, accounts: new Map([...scope.accounts].filter(([id]) => holding.has(id))) };
};

/** The filters' sum from the rollups; the accounts' balances too when every kind counts. */
async function entriesTotals(
  db: Queryable,
  scope: EntriesScope,
  moved: Awaited<ReturnType<typeof movedPerAccount>>,
) {
  const ids = [...scope.accounts.keys()];
  const credits = moved.reduce((sum, m) => sum + m.credit, 0n);
  const debits = moved.reduce((sum, m) => sum + m.debit, 0n);
  const net = credits - debits;
  const c = scope.currency;
  const differences: string[] = [];
  let balances: { opening: bigint; closing: bigint } | null = null;
  if (!scope.kinds) {
    const at = await periodBalances(db, scope.days, ids);
    const sum = (m: Map<string, bigint>) => ids.reduce((s, id) => s + (m.get(id) ?? 0n), 0n);
    balances = { opening: sum(at.opening), closing: sum(at.closing) };
    if (balances.opening + net !== balances.closing) {
      differences.push(
        `${c}: opening ${formatAmount(balances.opening, c)} + net ${formatAmount(net, c)} is not the balance at the period's end, ${formatAmount(balances.closing, c)}`,
      );
    }
  }
  const totals: EntryViewTotals = {
    currency: c,
    entries: Number(moved.reduce((sum, m) => sum + m.entries, 0n)),
    credits: formatAmount(credits, c),
    debits: formatAmount(debits, c),
    net: formatAmount(net, c),
    opening: balances ? formatAmount(balances.opening, c) : null,
    closing: balances ? formatAmount(balances.closing, c) : null,
  };
  return { totals, differences };
}

interface EntryDbRow {
  entry_id: string;
  at: string;
  posted_at: Date;
  ledger_account_id: string;
  amount: bigint;
  kind: string;
  ref_type: string;
  ref_id: string;
}

/**
 * The accounts' entries after the key ($2 instant text, $3 id) and before $4, in posting
 * order, at most $5: each account's own index range, merged (a Merge Append of ordered
 * branches), so a page costs its rows, not the period's. `backwards`: the last ones before the
 * period's end instead, latest first (a page near the end reads from there).
 */
function entriesSql(accountCount: number, withKinds: boolean, backwards: boolean): string {
  const kindFilter = withKinds ? 'AND j.kind = ANY($6::text[])' : '';
  const order = backwards ? 'DESC' : '';
  const branch = (i: number) =>
    `(SELECT e.id::text AS entry_id, e.created_at::text AS at, e.created_at AS posted_at,
             e.ledger_account_id::text AS ledger_account_id, e.amount, e.id AS sort_id,
             j.kind, j.ref_type, j.ref_id::text AS ref_id
        FROM entries e JOIN journal j ON j.id = e.journal_id
       WHERE e.ledger_account_id = ($1::uuid[])[${i}]
         AND (e.created_at, e.id) > ($2::timestamptz, $3::bigint) AND e.created_at < $4
         ${kindFilter}
       ORDER BY e.created_at ${order}, e.id ${order} LIMIT $5)`;
  const branches = Array.from({ length: accountCount }, (_, i) => branch(i + 1));
  return `SELECT * FROM (${branches.join(' UNION ALL ')}) x
           ORDER BY posted_at ${order}, sort_id ${order} LIMIT $5`;
}

async function readEntries(
  db: Queryable,
  scope: EntriesScope,
  key: { at: string; id: string },
  limit: number,
  backwards = false,
): Promise<EntryDbRow[]> {
  const ids = [...scope.accounts.keys()];
  const params: unknown[] = [ids, key.at, key.id, scope.end, limit];
  if (scope.kinds) params.push(scope.kinds);
  const sql = entriesSql(ids.length, !!scope.kinds, backwards);
  const { rows } = await db.query<EntryDbRow>(sql, params);
  return rows;
}

/**
 * How far into the period a page may start, counted from the nearer end: a page reads every
 * entry between it and that end. Deeper pages are refused with a way on (narrow or export).
 */
export const ENTRIES_PAGE_DEPTH = 100_000;

/** The entries of a page: read from the period's start or, past the middle, from its end. */
async function pageEntries(
  db: Queryable,
  scope: EntriesScope,
  total: number,
  offset: number,
  pageSize: number,
): Promise<EntryDbRow[]> {
  if (offset >= total) return [];
  const fromEnd = total - offset; // entries from this page's first to the period's last
  if (Math.min(offset, fromEnd) > ENTRIES_PAGE_DEPTH) {
    throw badInput(
      `page: a page more than ${ENTRIES_PAGE_DEPTH.toLocaleString('en')} entries from either end of the period is not shown; narrow the period or the kinds, or export every entry`,
    );
  }
  if (offset <= fromEnd) {
    return (await readEntries(db, scope, beforeStart(scope), offset + pageSize)).slice(offset);
  }
  const latest = await readEntries(db, scope, beforeStart(scope), fromEnd, true);
  return latest.reverse().slice(0, pageSize);
}

/** Just before the period's first entry: its start, and an id below every entry's. */
const beforeStart = (scope: EntriesScope) => ({ at: scope.start.toISOString(), id: '0' });

function toRow(scope: EntriesScope, r: EntryDbRow): EntryViewRow {
  const amount = BigInt(r.amount);
  const c = scope.currency;
  return {
    id: r.entry_id,
    posted_at: r.posted_at.toISOString(),
    currency: c,
    purpose: scope.accounts.get(r.ledger_account_id) ?? '',
    kind: r.kind,
    ref_type: r.ref_type,
    ref_id: r.ref_id,
    debit: amount < 0n ? formatAmount(-amount, c) : null,
    credit: amount > 0n ? formatAmount(amount, c) : null,
  };
}

/** One page of the entries view, with the sum of everything it matches. */
export async function entriesPage(ctx: UserCallContext, input: EntriesInput) {
  const scope = await resolveScope(ctx, input);
  const moved = await movedPerAccount(ctx.db, scope);
  const { totals, differences } = await entriesTotals(ctx.db, scope, moved);
  const offset = (input.page - 1) * input.pageSize;
  const holding = holdingOnly(scope, moved);
  const rows = await pageEntries(ctx.db, holding, totals.entries, offset, input.pageSize);
  return {
    rows: rows.map((r) => toRow(scope, r)),
    total: totals.entries,
    page: input.page,
    page_size: input.pageSize,
    totals: [totals],
    period: scope.days.period,
    differences,
    owner: {
      owner_id: scope.owner.id,
      owner_db_code: scope.owner.account_db_code,
      owner_name: scope.owner.name,
      owner_type: scope.ownerType,
    },
    purposes: [...scope.purposes],
    kinds: scope.kinds ? [...scope.kinds] : [],
  };
}

const CHUNK_ROWS = 5_000;

/** Every entry the filters match, in posting order, a keyset chunk at a time (exports). */
export async function* entriesChunks(
  ctx: UserCallContext,
  input: EntriesInput,
): AsyncIterable<EntryViewRow[]> {
  const resolved = await resolveScope(ctx, input);
  const scope = holdingOnly(resolved, await movedPerAccount(ctx.db, resolved));
  if (scope.accounts.size === 0) return;
  let key = beforeStart(scope);
  for (;;) {
    const rows = await readEntries(ctx.db, scope, key, CHUNK_ROWS);
    if (rows.length) yield rows.map((r) => toRow(scope, r));
    if (rows.length < CHUNK_ROWS) return;
    const last = rows[rows.length - 1]!;
    key = { at: last.at, id: last.entry_id };
  }
}
