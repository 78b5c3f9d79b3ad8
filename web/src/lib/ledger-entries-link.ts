import {
  kindsOfColumn,
  pathOf,
  type EntryOwnerKind,
  type EntryPurpose,
  type MovementColumns,
  type ReportPeriod,
} from '@bo/contract';

/** What an entries-view link names: whose accounts, which currency and days, which kinds. */
export interface EntriesFilters {
  /** A merchant's or reseller's (the default), the platform's or a gateway's (`ownerId`). */
  readonly ownerKind?: EntryOwnerKind;
  readonly ownerId?: string;
  readonly currency: string;
  readonly period: ReportPeriod;
  readonly purposes?: readonly EntryPurpose[];
  readonly kinds?: readonly string[];
}

/**
 * The address of the entries view (`/ledger-entries`, issue 44) that shows the journal entries
 * behind a figure: the report's days and zone, the owner, the currency and, for a movement
 * column, the kinds the contract's column map sums in it.
 */
export function ledgerEntriesUrl(filters: EntriesFilters): string {
  const query = new URLSearchParams({
    currency: filters.currency,
    from: filters.period.from_day,
    to: filters.period.to_day,
    timeZone: filters.period.time_zone,
  });
  if (filters.ownerKind && filters.ownerKind !== 'account')
    query.set('ownerKind', filters.ownerKind);
  if (filters.ownerId) query.set('ownerId', filters.ownerId);
  if (filters.purposes?.length) query.set('purposes', filters.purposes.join(','));
  if (filters.kinds?.length) query.set('kinds', filters.kinds.join(','));
  return `${pathOf('ledgerEntries')}?${query.toString()}`;
}

/**
 * The entries of one movement column of a report (its kinds by the contract's map). A column
 * without kinds is a mistake, not "every kind": it throws rather than link the wrong entries.
 */
export function columnEntriesUrl<C extends string>(
  columns: MovementColumns<C>,
  column: C,
  filters: Omit<EntriesFilters, 'kinds'>,
): string {
  const kinds = kindsOfColumn(columns, column);
  if (!kinds.length) throw new Error(`the column ${column} sums no journal kind`);
  return ledgerEntriesUrl({ ...filters, kinds });
}

/**
 * This UTC month to today: the period a dashboard's month figures and balances open (the
 * server's dashboard months are UTC months; a balance's entries end today, its closing).
 */
export function thisUtcMonth(now = new Date()): ReportPeriod {
  const today = now.toISOString().slice(0, 10);
  return { from_day: `${today.slice(0, 7)}-01`, to_day: today, time_zone: 'Default' };
}
