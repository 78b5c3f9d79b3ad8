import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { pathOf, type ManagedAccountRow } from '@bo/contract';
import { column, dateColumn, type ListColumn } from '../../ui/list/columns';
import type { AccountAction } from './confirm-account-action';
import { NameText } from '../../ui/name-text';
import { CurrencyCodes } from '../../ui/currency-code';

/** What a row's buttons ask for: the edit form, a confirmed action, or a merchant's new contract. */
export type RowRequest = AccountAction | 'edit' | 'newContract';

/** Active or disabled, as a soft badge. */
export function AccountStatusBadge({ row, t }: { row: ManagedAccountRow; t: TFunction }) {
  const tone = row.status === 'active' ? 'success' : 'danger';
  return (
    <span
      className={`badge bg-${tone}-subtle text-${tone}-emphasis`}
      data-status={row.status}
      data-testid="account-status"
    >
      {t(`accounts.status.${row.status}`)}
    </span>
  );
}

const yesNo = (value: boolean, t: TFunction) => (
  <span className={value ? 'text-success' : 'text-muted'}>
    {t(value ? 'accounts.yes' : 'accounts.no')}
  </span>
);

/**
 * The buttons of a row: edit, disable or enable, reset 2FA (when it is on), and a merchant's
 * new contract for those who may set contracts.
 */
function RowButtons({
  row,
  t,
  onRequest,
  mayCreateContract,
}: {
  row: ManagedAccountRow;
  t: TFunction;
  onRequest: (request: RowRequest, row: ManagedAccountRow) => void;
  mayCreateContract: boolean;
}) {
  const button = (request: RowRequest, icon: string, tone: string) => (
    <button
      type="button"
      className={`btn btn-sm btn-outline-${tone}`}
      title={t(`accounts.actions.${request}`)}
      aria-label={t(`accounts.actions.${request}`)}
      onClick={() => onRequest(request, row)}
      data-testid={`account-${request}`}
    >
      <i className={`bi bi-${icon}`} aria-hidden />
    </button>
  );
  return (
    <div className="d-flex gap-1 flex-nowrap">
      {button('edit', 'pencil', 'primary')}
      {row.status === 'active'
        ? button('disable', 'slash-circle', 'danger')
        : button('enable', 'check-circle', 'success')}
      {row.otp_enabled && button('resetOtp', 'shield-x', 'warning')}
      {mayCreateContract &&
        row.account_type === 'merchant' &&
        button('newContract', 'file-earmark-plus', 'secondary')}
    </div>
  );
}

/**
 * The columns of the reseller or merchant list: the code (a reseller's opens its detail, a
 * merchant's its statement for those who may read it), the
 * profile, modules and currencies, state flags, dates, and the row's buttons.
 */
export function accountColumns(
  kind: 'reseller' | 'merchant',
  t: TFunction,
  onRequest: (request: RowRequest, row: ManagedAccountRow) => void,
  mayCreateContract = false,
  /** The viewer may open merchant statements (`/merchant/{id}/merchant-statement`). */
  mayOpenStatement = false,
): ListColumn<ManagedAccountRow>[] {
  const codeCell = (row: ManagedAccountRow) =>
    kind === 'reseller' ? (
      <Link to={pathOf('resellerDetail', { id: row.account_db_code })} data-testid="account-code">
        {row.account_db_code}
      </Link>
    ) : mayOpenStatement ? (
      // A merchant's code opens its statement (the statement's way in, docs/accessibility.md).
      <Link
        to={pathOf('merchantStatement', { id: row.id })}
        title={t('routes.merchantStatement')}
        data-testid="account-code"
      >
        <bdi>{row.account_db_code}</bdi>
      </Link>
    ) : (
      <bdi data-testid="account-code">{row.account_db_code}</bdi>
    );
  const columns: (ListColumn<ManagedAccountRow> | null)[] = [
    column('account_db_code', t('accounts.fields.code'), codeCell, {
      cellClassName: 'text-nowrap',
    }),
    column('name', t('accounts.fields.name'), (row) => <NameText>{row.name}</NameText>),
    column('username', t('accounts.fields.username'), (row) => <bdi>{row.username}</bdi>),
    column('email', t('accounts.fields.email'), (row) => <bdi>{row.email}</bdi>),
    column('phone', t('accounts.fields.phone'), (row) => <bdi>{row.phone}</bdi>),
    column('telegram_id', t('accounts.fields.telegram'), (row) => <bdi>{row.telegram_id}</bdi>),
    kind === 'merchant'
      ? column('reseller_db_code', t('accounts.fields.reseller'), (row) =>
          row.reseller_db_code ? (
            <bdi title={row.reseller_name}>{row.reseller_db_code}</bdi>
          ) : (
            <span className="text-muted">{t('accounts.noReseller')}</span>
          ),
        )
      : column('merchants_count', t('accounts.fields.merchantsCount'), (row) => (
          <Link to={pathOf('merchantsOfReseller', { id: row.account_db_code })}>
            {row.merchants_count}
          </Link>
        )),
    column('modules', t('accounts.fields.modules'), (row) => {
      const names = row.modules.map((m) => t(`accounts.modules.${m}`)).join(', ');
      return (
        <span className="badge bg-secondary-subtle text-secondary-emphasis" title={names}>
          {t('accounts.modulesCount', { count: row.modules.length })}
        </span>
      );
    }),
    // Given and traded in (its contracts'): the form edits only the given ones.
    column('currencies', t('accounts.fields.currencies'), (row) => (
      <CurrencyCodes codes={[...new Set([...row.currencies, ...row.contract_currencies])].sort()} />
    )),
    column('status', t('accounts.fields.status'), (row) => <AccountStatusBadge row={row} t={t} />),
    column('otp_enabled', t('accounts.fields.otp'), (row) => yesNo(row.otp_enabled, t)),
    column('must_change_password', t('accounts.fields.mustChangePassword'), (row) =>
      yesNo(row.must_change_password, t),
    ),
    dateColumn('created_at', t('accounts.fields.createdAt'), (row) => row.created_at),
    dateColumn('last_sign_in_at', t('accounts.fields.lastSignIn'), (row) => row.last_sign_in_at),
    column(
      'actions',
      t('accounts.fields.actions'),
      (row) => (
        <RowButtons row={row} t={t} onRequest={onRequest} mayCreateContract={mayCreateContract} />
      ),
      { label: t('accounts.fields.actions') },
    ),
  ];
  return columns.filter((c): c is ListColumn<ManagedAccountRow> => c !== null);
}
