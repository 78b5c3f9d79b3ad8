import { useDeferredValue, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  MERCHANT_CHOICES,
  merchantChoicesQuery,
  type MerchantChoice,
} from './api/get-merchant-list';

/**
 * Picks the merchant a new contract is for: a search box (name, code, email or username) and
 * the matching merchants in scope, by name; within one reseller's when `resellerDbCode` is
 * given. Loading, none found and a failed read each say so.
 */
export function MerchantPicker({
  value,
  resellerDbCode,
  error,
  onChange,
}: {
  value: MerchantChoice | null;
  resellerDbCode?: string;
  error: string | undefined;
  onChange: (merchant: MerchantChoice | null) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [search, setSearch] = useState('');
  const typed = useDeferredValue(search.trim());
  const query = useQuery(merchantChoicesQuery(typed, resellerDbCode));
  const rows = query.data?.rows ?? [];
  // The chosen merchant stays a choice while a new search does not match it.
  const choices =
    value && !rows.some((r) => r.account_db_code === value.account_db_code)
      ? [value, ...rows]
      : rows;
  const note = query.isError
    ? t('contracts.create.merchantsFailed')
    : query.isPending
      ? t('contracts.create.loadingMerchants')
      : rows.length === 0
        ? t('contracts.create.noMerchants')
        : (query.data?.total ?? 0) > MERCHANT_CHOICES
          ? t('contracts.create.moreMerchants', { shown: MERCHANT_CHOICES })
          : null;
  return (
    <div className="mb-3">
      <label className="form-label small mb-1" htmlFor={`${id}-search`}>
        {t('contracts.create.searchMerchant')}
      </label>
      <input
        id={`${id}-search`}
        type="search"
        className="form-control form-control-sm mb-2"
        placeholder={t('contracts.create.searchPlaceholder')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        data-testid="contract-merchant-search"
      />
      <label className="form-label small mb-1" htmlFor={`${id}-merchant`}>
        {t('contracts.merchant')}
      </label>
      <select
        id={`${id}-merchant`}
        className={`form-select form-select-sm ${error ? 'is-invalid' : ''}`}
        value={value?.account_db_code ?? ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-note`}
        onChange={(e) =>
          onChange(choices.find((r) => r.account_db_code === e.target.value) ?? null)
        }
        data-testid="contract-merchant"
      >
        <option value="">{t('contracts.create.pickMerchant')}</option>
        {choices.map((r) => (
          <option key={r.account_db_code} value={r.account_db_code} dir="auto">
            {`${r.name} (${r.account_db_code})`}
          </option>
        ))}
      </select>
      {error ? (
        <div id={`${id}-note`} className="invalid-feedback" data-testid="contract-merchant-error">
          {error}
        </div>
      ) : (
        <div
          id={`${id}-note`}
          className={`form-text ${query.isError ? 'text-danger' : ''}`}
          role={query.isError ? 'alert' : undefined}
        >
          {note}
        </div>
      )}
    </div>
  );
}
