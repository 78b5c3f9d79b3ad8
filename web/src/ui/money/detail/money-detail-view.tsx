import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { moneyKind, type MoneyDetail, type TimezoneChoice } from '@bo/contract';
import { ApiError } from '../../../lib/api-error';
import { LoadFailed } from '../../load-failed';
import { PageSpinner } from '../../spinner';
import { reasonLabel, rejectReasonsQuery } from '../api/get-reject-reasons';
import { RowFields } from '../row-fields';
import { DetailActions } from './detail-actions';
import { useKindDetailActions } from './kind-detail-actions';
import { DetailCallbacks, DetailNotifications } from './detail-deliveries';
import { DetailJournal } from './detail-journal';
import { DetailTimeline } from './detail-timeline';
import type { UseQueryResult } from '@tanstack/react-query';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';

const TABS = ['fields', 'timeline', 'journal', 'callbacks', 'notifications'] as const;
type Tab = (typeof TABS)[number];

/** Why a rejected item was rejected: the reason's label and the admin's note. */
function Rejection({ row }: { row: MoneyDetail['row'] }) {
  const { t } = useTranslation();
  const reasons = useQuery(rejectReasonsQuery()).data?.rows ?? [];
  if (!('decision_reason_code' in row) || !row.decision_reason_code) return null;
  return (
    <div className="alert alert-warning small py-2" data-testid="rejection">
      {reasons.length > 0 && <strong>{reasonLabel(reasons, row.decision_reason_code)}</strong>}
      {row.decision_note && <div>{row.decision_note}</div>}
      <span className="visually-hidden">{t('money.reasonCode')}</span>
    </div>
  );
}

/**
 * One money item, whole: its fields, the timeline of its states, the journals with the fee
 * split and contract version, the gateway's callbacks and the merchant notifications, with the
 * actions open to the viewer. The drawer of every list and /payout/{id}/details show this.
 */
export function MoneyDetailView({
  query,
  schema,
  timeZone,
}: {
  query: UseQueryResult<MoneyDetail>;
  schema: z.ZodObject;
  timeZone: TimezoneChoice;
}) {
  const { t } = useTranslation();
  const kindActions = useKindDetailActions();
  const [tab, setTab] = useState<Tab>('fields');
  if (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400))
    return (
      <p className="text-muted mb-0" data-testid="detail-not-found">
        {t('money.notFound')}
      </p>
    );
  if (query.isError) return <LoadFailed onRetry={() => void query.refetch()} />;
  if (!query.data) return <PageSpinner />;
  const detail = query.data;
  const counts: Partial<Record<Tab, number>> = {
    timeline: detail.timeline.length,
    journal: detail.journal.length,
    callbacks: detail.callbacks?.length,
    notifications: detail.notifications.length,
  };
  const panels: Record<Tab, ReactNode> = {
    fields: (
      <RowFields
        kind={detail.kind}
        row={detail.row as Record<string, unknown>}
        schema={schema}
        timeZone={timeZone}
      />
    ),
    timeline: <DetailTimeline timeline={detail.timeline} timeZone={timeZone} />,
    journal: <DetailJournal journal={detail.journal} timeZone={timeZone} />,
    callbacks: <DetailCallbacks callbacks={detail.callbacks ?? []} timeZone={timeZone} />,
    notifications: <DetailNotifications notifications={detail.notifications} timeZone={timeZone} />,
  };
  const isShown = (name: Tab) => {
    // Null where the viewer may not see them (not an admin): no tab, not an empty one.
    if (name === 'callbacks' && detail.callbacks === null) return false;
    if (name === 'callbacks' || name === 'notifications')
      return Boolean(counts[name]) || notifiedKind(detail);
    return true;
  };
  const shownTabs = TABS.filter(isShown);
  return (
    <div data-testid="money-detail-view">
      <Rejection row={detail.row} />
      <DetailActions detail={detail} />
      {kindActions[detail.kind]?.(detail)}
      <ul className="nav nav-tabs small mb-2" role="tablist">
        {shownTabs.map((name) => (
          <li key={name} className="nav-item" role="presentation">
            <button
              type="button"
              role="tab"
              className={`nav-link px-2 ${tab === name ? 'active' : ''}`}
              aria-selected={tab === name}
              onClick={() => setTab(name)}
              data-testid={`detail-tab-${name}`}
            >
              {t(`money.detail.tab.${name}`)}
              {counts[name] !== undefined && (
                <span className="badge bg-secondary-subtle text-secondary-emphasis ms-1">
                  {counts[name]}
                </span>
              )}
            </button>
          </li>
        ))}
      </ul>
      <div role="tabpanel">{panels[tab]}</div>
    </div>
  );
}

/** The kinds the merchant is notified of (pay-ins, pay-outs, refunds, disputes) have callbacks too. */
const notifiedKind = (detail: MoneyDetail) => moneyKind(detail.kind).notified;
