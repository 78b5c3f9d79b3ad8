import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CURRENCIES, ROUTING_DIRECTIONS, type RoutingProfileRow } from '@bo/contract';
import { DataTable } from '../../ui/list/data-table';
import { useDataTable } from '../../ui/list/use-data-table';
import { RouteTitle } from '../../ui/page-title';
import { UrlChoiceSelect, useUrlChoice } from '../../ui/list/url-choice';
import { routingProfilesQuery } from './api/routing-profiles-api';
import { PendingProfileChanges } from './pending-profile-changes';
import { profileColumns } from './profile-columns';
import { ProfileEditorDialog } from './profile-editor-dialog';
import { placeOfRow, targetOf } from './profile-place';

/**
 * /payment-gateway/routing (admin with the administrator module; beyond the spec, issue 43):
 * the gateway routing profiles by direction, currency and scope, filtered by direction and
 * currency (in the URL), the changes waiting for a second admin, and the editor that asks for
 * a new profile or a new version of one (docs/routing.md, "The profiles screen").
 */
const CURRENCY_CODES = CURRENCIES.map((c) => c.code);

export default function RoutingProfilesPage() {
  const { t } = useTranslation();
  const profiles = useQuery(routingProfilesQuery());
  const directionChoice = useUrlChoice('direction', ROUTING_DIRECTIONS);
  const currencyChoice = useUrlChoice('currency', CURRENCY_CODES);
  const filters = { direction: directionChoice.value, currency: currencyChoice.value };
  const [editing, setEditing] = useState<RoutingProfileRow | 'new' | null>(null);
  const all = profiles.data?.rows;
  const pending = profiles.data?.pending_changes;
  const rows = useMemo(
    () =>
      (all ?? []).filter(
        (r) =>
          (!filters.direction || r.direction === filters.direction) &&
          (!filters.currency || r.currency === filters.currency),
      ),
    [all, filters.direction, filters.currency],
  );
  const currencies = useMemo(
    () =>
      [...new Set([...(all ?? []).map((r) => r.currency), filters.currency ?? ''])]
        .filter(Boolean)
        .sort(),
    [all, filters.currency],
  );
  const columns = useMemo(() => {
    const waiting = new Set((pending ?? []).map((c) => c.target));
    return profileColumns(t, {
      isWaiting: (row) => waiting.has(targetOf(placeOfRow(row))),
      onEdit: setEditing,
    });
  }, [t, pending]);
  const { table } = useDataTable({ data: rows, columns, getRowId: (row) => row.id });
  const isFiltered = Boolean(filters.direction || filters.currency);
  return (
    <>
      <RouteTitle />
      <div data-testid="routing-page">
        <p className="text-muted">{t('routing.intro')}</p>
        {pending && <PendingProfileChanges pending={pending} />}
        <section className="card">
          <div className="card-header d-flex flex-wrap align-items-end gap-2">
            <div className="d-flex flex-wrap gap-2" data-testid="routing-filters">
              <UrlChoiceSelect
                choice={directionChoice}
                values={ROUTING_DIRECTIONS}
                label={t('routing.filters.direction')}
                allLabel={t('routing.filters.anyDirection')}
                wordOf={(d) => t(`routing.directions.${d}`)}
                testId="routing-filter-direction"
              />
              <UrlChoiceSelect
                choice={currencyChoice}
                values={currencies}
                label={t('routing.filters.currency')}
                allLabel={t('routing.filters.anyCurrency')}
                wordOf={(c) => c}
                testId="routing-filter-currency"
              />
            </div>
            <button
              type="button"
              className="btn btn-sm btn-primary ms-auto text-nowrap"
              onClick={() => setEditing('new')}
              data-testid="routing-profile-new"
            >
              <i className="bi bi-plus-lg me-1" aria-hidden />
              {t('routing.newProfile')}
            </button>
          </div>
          <DataTable
            table={table}
            status={profiles.data ? 'ready' : profiles.isError ? 'error' : 'loading'}
            refreshing={profiles.isFetching && Boolean(profiles.data)}
            onRetry={() => void profiles.refetch()}
            emptyMessage={t(isFiltered ? 'routing.emptyFiltered' : 'routing.empty')}
            emptyTestId="routing-empty"
            rowTestId="routing-profile-row"
            testId="routing-profiles"
            caption={t('routes.paymentGatewayRouting')}
          />
        </section>
      </div>
      {editing && (
        <ProfileEditorDialog
          profile={editing === 'new' ? undefined : editing}
          start={{ direction: filters.direction, currency: filters.currency }}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
