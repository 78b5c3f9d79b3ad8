import { Link } from 'react-router';
import type { TFunction } from 'i18next';
import { formatCount, pathOf, type RiskEntryRow, type RiskListRow } from '@bo/contract';
import { column, dateColumn, type ListColumn } from '../../ui/list/columns';

const TONES = { block: 'danger', allow: 'success' } as const;
const STATE_TONES = { active: 'success', expired: 'secondary', removed: 'warning' } as const;

const badge = (tone: string, text: string) => (
  <span className={`badge bg-${tone}-subtle text-${tone}-emphasis`}>{text}</span>
);

/** The lists screen's columns: the name opens the list's entries. */
export function riskListColumns(t: TFunction): ListColumn<RiskListRow>[] {
  return [
    column(
      'name',
      t('risk.column.name'),
      (r) => (
        <Link to={pathOf('riskList', { id: r.id })} data-testid="risk-list-link">
          <bdi>{r.name}</bdi>
        </Link>
      ),
      { cellTestId: 'cell-name' },
    ),
    column('list_type', t('risk.column.listType'), (r) =>
      badge(TONES[r.list_type], t(`risk.listType.${r.list_type}`)),
    ),
    column('key_type', t('risk.column.keyType'), (r) => t(`risk.keyType.${r.key_type}`)),
    column('scope', t('risk.column.scope'), (r) => (
      <>
        {t(`risk.scope.${r.scope}`)}
        {r.owner_db_code && (
          <bdi className="d-block small text-muted font-monospace">{r.owner_db_code}</bdi>
        )}
      </>
    )),
    column('active_entries', t('risk.column.activeEntries'), (r) => formatCount(r.active_entries), {
      headerClassName: 'text-end',
      cellClassName: 'text-end',
    }),
    column('created_by', t('risk.column.createdBy'), (r) => <bdi>{r.created_by}</bdi>),
    dateColumn('created_at', t('risk.column.createdAt'), (r) => r.created_at),
  ];
}

/** One list's entries: the value, its state, expiry, who added it and why, and Remove. */
export function riskEntryColumns(
  t: TFunction,
  remove: (row: RiskEntryRow) => void,
): ListColumn<RiskEntryRow>[] {
  return [
    column(
      'value',
      t('risk.column.value'),
      (r) => (
        <bdi dir="ltr" className="font-monospace text-break">
          {r.value}
        </bdi>
      ),
      { cellTestId: 'cell-value' },
    ),
    column('state', t('risk.column.state'), (r) =>
      badge(STATE_TONES[r.state], t(`risk.state.${r.state}`)),
    ),
    dateColumn('expires_at', t('risk.column.expiresAt'), (r) => r.expires_at),
    column('reason', t('risk.column.reason'), (r) => (
      <>
        <bdi>{r.reason}</bdi>
        {r.removal_reason && (
          <span className="d-block small text-muted">
            {t('risk.removedBecause', { by: r.removed_by, reason: r.removal_reason })}
          </span>
        )}
      </>
    )),
    column('created_by', t('risk.column.createdBy'), (r) => <bdi>{r.created_by}</bdi>),
    dateColumn('created_at', t('risk.column.createdAt'), (r) => r.created_at),
    column('actions', t('risk.column.actions'), (r) =>
      r.state === 'removed' ? null : (
        <button
          type="button"
          className="btn btn-sm btn-outline-danger"
          onClick={() => remove(r)}
          aria-label={t('risk.remove.buttonFor', { value: r.value })}
          data-testid="risk-entry-remove"
        >
          {t('risk.remove.button')}
        </button>
      ),
    ),
  ];
}
