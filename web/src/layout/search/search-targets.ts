import { pathOf, type ReconLineHit, type SearchAccountKind } from '@bo/contract';

/** The page an account opens on: a reseller's own page, else its list narrowed to its code. */
export function accountPath(kind: SearchAccountKind, code: string): string {
  const search = `?search=${encodeURIComponent(code)}`;
  if (kind === 'reseller') return pathOf('resellerDetail', { id: code });
  if (kind === 'merchant') return pathOf('merchants') + search;
  return pathOf('subAccounts') + search;
}

/**
 * Where a reconciliation line opens: its run, on the line's class tab, searched by its
 * reference (the run's search box matches a reference exactly), so the line is in view.
 */
export function reconLinePath(hit: ReconLineHit): string {
  const query = new URLSearchParams({ class: hit.class, search: hit.reference });
  return `${pathOf('reconciliationRun', { id: hit.run_id })}?${query.toString()}`;
}
