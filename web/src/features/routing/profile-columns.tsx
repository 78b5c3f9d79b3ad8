import type { TFunction } from 'i18next';
import type { RoutingProfileRow } from '@bo/contract';
import { CurrencyCode } from '../../ui/currency-code';
import { InstantText } from '../../ui/instant-text';
import { column, type ListColumn } from '../../ui/list/columns';
import { placeOfRow, targetOf } from './profile-place';
import { ProfileStateBadge } from './profile-state-badge';
import { ProfileSummaryText } from './profile-summary-text';

type Row = RoutingProfileRow;

/**
 * The profiles table: direction, currency, scope (with the account's code), version, active
 * or off (and whether a change waits), the steps in one line, when it changed (the user's
 * zone), and the way to ask for a new version.
 */
export const profileColumns = (
  t: TFunction,
  { isWaiting, onEdit }: { isWaiting: (row: Row) => boolean; onEdit: (row: Row) => void },
): ListColumn<Row>[] => [
  column<Row>('direction', t('routing.columns.direction'), (r) =>
    t(`routing.directions.${r.direction}`),
  ),
  column<Row>('currency', t('routing.columns.currency'), (r) => <CurrencyCode code={r.currency} />),
  column<Row>(
    'scope',
    t('routing.columns.scope'),
    (r) => (
      <span className="text-nowrap" data-target={targetOf(placeOfRow(r))}>
        {t(`routing.scopes.${r.scope}`)}
        {r.account_code && (
          <>
            {' '}
            <bdi className="text-muted small">{r.account_code}</bdi>
          </>
        )}
      </span>
    ),
    { cellTestId: 'routing-profile-scope' },
  ),
  column<Row>('version', t('routing.columns.version'), (r) => r.version, {
    headerClassName: 'text-end',
    cellClassName: 'text-end',
    cellTestId: 'routing-profile-version',
  }),
  column<Row>(
    'active',
    t('routing.columns.state'),
    (r) => (
      <span className="d-inline-flex flex-wrap gap-1">
        <ProfileStateBadge isActive={r.active} />
        {isWaiting(r) && (
          <span
            className="badge bg-warning-subtle text-warning-emphasis"
            data-testid="routing-profile-waiting"
          >
            {t('routing.state.waiting')}
          </span>
        )}
      </span>
    ),
    { card: 'status' },
  ),
  column<Row>('definition', t('routing.columns.steps'), (r) => (
    <ProfileSummaryText definition={r.definition} />
  )),
  column<Row>('updated_at', t('routing.columns.updatedAt'), (r) => (
    <InstantText value={r.updated_at} />
  )),
  column<Row>(
    'actions',
    t('routing.columns.actions'),
    (r) => (
      <button
        type="button"
        className="btn btn-sm btn-outline-primary text-nowrap"
        onClick={() => onEdit(r)}
        data-testid="routing-profile-edit"
      >
        <i className="bi bi-pencil-square me-1" aria-hidden />
        {t('routing.newVersion')}
      </button>
    ),
    { card: 'actions', headerClassName: 'text-end', cellClassName: 'text-end' },
  ),
];
