import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TIMEZONE_CHOICES, type AccountType } from '@bo/contract';
import { useSessionUser } from '../../lib/session';
import { isTimezoneChoice } from '../../lib/time-zone';
import { DateRangeFilter } from './date-range-filter';
import { supportedCurrencyQuery } from '../../lib/api/get-supported-currency';
import { isAmountText } from './list-url-state';
import { FilterField } from './filter-field';
import { ToolbarSelect } from '../select-field';
import type { FilterSet } from './schema-filters';
import { StatusTabs } from './status-tabs';
import type { ListPage } from './use-list-page';
import { currencyNameOf } from '../../lib/currency-name';

type TextKey =
  'merchantDbCode' | 'resellerDbCode' | 'gatewayCode' | 'amountMin' | 'amountMax' | 'search';

/**
 * The typed filters the schema has, applied together with the Apply button (or Enter). A
 * merchant sees only itself and a reseller only its own merchants: they get no filter that
 * could only ever name themselves (the server keeps the scope either way).
 */
function textKeysOf(set: FilterSet, accountType: AccountType | undefined): TextKey[] {
  const keys: TextKey[] = [];
  if (set.search) keys.push('search');
  if (set.merchant && accountType !== 'merchant') keys.push('merchantDbCode');
  if (set.reseller && accountType === 'admin') keys.push('resellerDbCode');
  if (set.gateway) keys.push('gatewayCode');
  if (set.amountRange) keys.push('amountMin', 'amountMax');
  return keys;
}

function CurrencySelect({
  required,
  value,
  onChange,
}: {
  required: boolean;
  value: string | undefined;
  onChange: (v: string) => void;
}) {
  const { t } = useTranslation();
  const choices = useQuery(supportedCurrencyQuery()).data ?? [];
  return (
    <ToolbarSelect
      id="list-currency"
      label={t('list.currency')}
      labelShown="above"
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value)}
      data-testid="list-currency"
    >
      {!required && <option value="">{t('list.allCurrencies')}</option>}
      {/* A currency from the URL stays choosable before (or without) the choices' answer. */}
      {value && !choices.some((c) => c.value === value) && <option value={value}>{value}</option>}
      {choices
        .filter((c) => c.value !== '-')
        .map((c) => (
          <option key={c.value} value={c.value}>
            {currencyNameOf(t, c.value, c.name)}
          </option>
        ))}
    </ToolbarSelect>
  );
}

/** How routing sent the rows (administrators only): any way, or by fallback. */
function RoutedBySelect({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (v: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <ToolbarSelect
      id="list-routed-by"
      label={t('list.routedBy')}
      labelShown="above"
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value)}
      data-testid="list-routed-by"
    >
      <option value="">{t('list.routedByAny')}</option>
      <option value="fallback">{t('list.routedByFallback')}</option>
    </ToolbarSelect>
  );
}

/** The typed filters (codes, amounts, search): a form whose values reach the URL on Apply. */
function TextFilters<Row>({
  list,
  keys,
  id,
}: {
  list: ListPage<Row>;
  keys: readonly TextKey[];
  id: string;
}) {
  const { t } = useTranslation();
  const [invalid, setInvalid] = useState<readonly string[]>([]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const patch = Object.fromEntries(keys.map((k) => [k, String(form.get(k) ?? '').trim()]));
    const bad = keys.filter((k) => k.startsWith('amount') && patch[k] && !isAmountText(patch[k]!));
    setInvalid(bad);
    if (bad.length === 0) list.setFilters(patch);
  };
  return (
    // Remounted when the URL's values change (back/forward), so the boxes show them.
    <form
      key={keys.map((k) => list.state.filters[k] ?? '').join('\u0000')}
      id={id}
      className="row g-2 align-items-end list-filter-fold"
      onSubmit={submit}
      noValidate
      data-testid="list-text-filters"
    >
      {keys.map((key) => (
        <FilterField
          key={key}
          id={`list-${key}`}
          label={t(`list.${key}`)}
          className={key === 'search' ? 'col-12 col-md-3' : 'col-6 col-md-2'}
        >
          <input
            id={`list-${key}`}
            name={key}
            type={key === 'search' ? 'search' : 'text'}
            inputMode={key.startsWith('amount') ? 'decimal' : undefined}
            className={`form-control form-control-sm ${invalid.includes(key) ? 'is-invalid' : ''}`}
            defaultValue={list.state.filters[key] ?? ''}
            data-testid={`list-filter-${key}`}
          />
          {invalid.includes(key) && (
            <div className="invalid-feedback">{t('list.amountInvalid')}</div>
          )}
        </FilterField>
      ))}
      <div className="col-auto">
        <button type="submit" className="btn btn-sm btn-primary" data-testid="list-apply">
          {t('list.apply')}
        </button>
      </div>
    </form>
  );
}

/**
 * The filter bar of a list, built from its call's request schema: status tabs with counts, date
 * range, time zone, currency, codes, amount range and search, each only where the call has it. * On a phone (below 768 px) the fields fold behind a Filters button (list.css); the status tabs
 * and the actions stay in view.
 */
export function FilterBar<Row>({
  list,
  actions,
  counted = null,
}: {
  list: ListPage<Row>;
  actions?: ReactNode;
  /** The filtered rows counted exactly (the totals strip's count), for the shown tab. */
  counted?: number | null;
}) {
  const { t } = useTranslation();
  const { filterSet: set, state } = list;
  const accountType = useSessionUser()?.account_type;
  const textKeys = textKeysOf(set, accountType);
  const hasFilters = Object.keys(state.filters).length > 0;
  const [isUnfolded, setUnfolded] = useState(false);
  const rowId = useId();
  const textId = useId();
  return (
    <div
      className={`mb-3 list-filter-bar ${isUnfolded ? 'is-unfolded' : ''}`}
      data-testid="list-filter-bar"
    >
      {set.statuses && set.statuses.length > 0 && (
        <StatusTabs
          statuses={set.statuses}
          counts={list.statusCounts}
          current={state.filters[set.tabField]}
          onChange={(value) => list.setFilters({ [set.tabField]: value })}
          labelOf={list.statusLabel}
          currentCounted={counted}
        />
      )}
      <div id={rowId} className="row g-2 align-items-end mb-2 list-filter-row">
        <div className="col-auto d-md-none list-filter-keep">
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            aria-expanded={isUnfolded}
            aria-controls={textKeys.length > 0 ? `${rowId} ${textId}` : rowId}
            onClick={() => setUnfolded(!isUnfolded)}
            data-testid="list-filters-toggle"
          >
            <i className="bi bi-funnel me-1" aria-hidden />
            {t('list.filters')}
            {hasFilters && <span className="list-filter-dot ms-1" aria-hidden />}
          </button>
        </div>
        {set.dateRange && (
          <DateRangeFilter
            from={state.filters.from}
            to={state.filters.to}
            zone={state.timeZone}
            read={list.periodRead}
            onChange={(range) => list.setFilters(range)}
          />
        )}
        <ToolbarSelect
          id="list-time-zone"
          label={t('list.timeZone')}
          labelShown="above"
          value={state.timeZone}
          onChange={(e) => isTimezoneChoice(e.target.value) && list.setTimeZone(e.target.value)}
          data-testid="list-time-zone"
        >
          {/* One name per zone, shared with the dashboard's selector. */}
          {TIMEZONE_CHOICES.map((zone) => (
            <option key={zone} value={zone}>
              {t(`dashboard.timeZones.${zone}`)}
            </option>
          ))}
        </ToolbarSelect>
        {set.currency && (
          <CurrencySelect
            required={set.currencyRequired}
            value={state.filters.currency}
            onChange={(currency) => list.setFilters({ currency })}
          />
        )}
        {set.routedBy && accountType === 'admin' && (
          <RoutedBySelect
            value={state.filters.routedBy}
            onChange={(routedBy) => list.setFilters({ routedBy })}
          />
        )}
        {hasFilters && (
          <div className="col-auto">
            <button
              type="button"
              className="btn btn-sm btn-link"
              onClick={() =>
                list.setFilters(
                  Object.fromEntries(
                    Object.keys(state.filters)
                      // A currency the call needs stays: there is no list without one.
                      .filter((k) => !(k === 'currency' && set.currencyRequired))
                      .map((k) => [k, '']),
                  ),
                )
              }
              data-testid="list-clear-filters"
            >
              {t('list.clearFilters')}
            </button>
          </div>
        )}
        {actions && <div className="col-auto ms-auto d-flex gap-2 list-filter-keep">{actions}</div>}
      </div>
      {textKeys.length > 0 && <TextFilters list={list} keys={textKeys} id={textId} />}
    </div>
  );
}
