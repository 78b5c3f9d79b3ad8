import type { ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathOf } from '@bo/contract';
import { useCurrentRoute } from '../../lib/current-route';
import { DEFAULT_TIME_ZONE, formatInTimeZone } from '../../lib/time-zone';
import { LoadFailed } from '../../ui/load-failed';
import { RouteTitle } from '../../ui/page-title';
import { PageSpinner } from '../../ui/spinner';
import { moneyText } from '../../ui/list/money-text';
import { resellerDetailQuery, type ResellerDetail } from './api/get-reseller-detail';
import { AccountStatusBadge } from './account-columns';
import { NameText } from '../../ui/name-text';

const at = (iso: string | null) => (iso ? formatInTimeZone(new Date(iso), DEFAULT_TIME_ZONE) : '—');

/** A card with a title and a table, or a line saying there is nothing yet. */
function TableCard({
  title,
  testId,
  headers,
  rows,
  empty,
}: {
  title: string;
  testId: string;
  headers: readonly string[];
  rows: readonly (readonly ReactNode[])[];
  empty: string;
}) {
  return (
    <div className="card" data-testid={testId}>
      <div className="card-body">
        <h5 className="card-title">{title}</h5>
        {rows.length === 0 ? (
          <p className="text-muted mb-0">{empty}</p>
        ) : (
          <div className="table-responsive">
            <table className="table table-sm table-hover align-middle mb-0">
              <thead>
                <tr>
                  {headers.map((h) => (
                    <th key={h} scope="col" className="text-nowrap">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((cells, i) => (
                  <tr key={i}>
                    {cells.map((cell, j) => (
                      <td key={j}>{cell}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </div>
  );
}

/** The reseller's profile as label and value pairs, with the way to its merchants. */
function ProfileCard({ detail }: { detail: ResellerDetail }) {
  const { t } = useTranslation();
  const r = detail.reseller;
  const pairs: [string, ReactNode][] = [
    [t('accounts.fields.code'), <bdi key="c">{r.account_db_code}</bdi>],
    [t('accounts.fields.name'), r.name],
    [t('accounts.fields.username'), <bdi key="u">{r.username}</bdi>],
    [t('accounts.fields.email'), <bdi key="e">{r.email}</bdi>],
    [t('accounts.fields.phone'), <bdi key="p">{r.phone || '—'}</bdi>],
    [t('accounts.fields.telegram'), <bdi key="t">{r.telegram_id || '—'}</bdi>],
    [t('accounts.fields.status'), <AccountStatusBadge key="s" row={r} t={t} />],
    [t('accounts.fields.otp'), t(r.otp_enabled ? 'accounts.yes' : 'accounts.no')],
    [t('accounts.fields.modules'), r.modules.map((m) => t(`accounts.modules.${m}`)).join(', ')],
    [t('accounts.fields.currencies'), r.currencies.join(', ') || '—'],
    [t('accounts.fields.createdAt'), <bdi key="d">{at(r.created_at)}</bdi>],
    [t('accounts.fields.lastSignIn'), <bdi key="l">{at(r.last_sign_in_at)}</bdi>],
  ];
  return (
    <div className="card" data-testid="reseller-profile">
      <div className="card-body">
        <div className="d-flex flex-wrap justify-content-between align-items-start gap-2 mb-3">
          <h5 className="card-title mb-0">
            <NameText>{r.name}</NameText>
          </h5>
          <Link
            className="btn btn-sm btn-outline-primary"
            to={pathOf('merchantsOfReseller', { id: r.account_db_code })}
            data-testid="reseller-merchants-link"
          >
            <i className="bi bi-shop me-1" aria-hidden />
            {t('accounts.detail.merchants', { count: r.merchants_count })}
          </Link>
        </div>
        <dl className="row mb-0">
          {pairs.map(([label, value]) => (
            <div key={label} className="col-sm-6 col-lg-4 mb-2">
              <dt className="small text-muted fw-normal">{label}</dt>
              <dd className="mb-0">{value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </div>
  );
}

/** /reseller/{id}: one reseller (by code), its balances, contract rates and recent activity. */
export default function ResellerDetailPage() {
  const { t } = useTranslation();
  const code = useCurrentRoute().params.id ?? '';
  const query = useQuery(resellerDetailQuery(code));
  const queryClient = useQueryClient();
  const detail = query.data;
  return (
    <>
      <RouteTitle />
      {query.isPending && <PageSpinner />}
      {query.isError && (
        <LoadFailed
          onRetry={() => void queryClient.invalidateQueries({ queryKey: ['getResellerDetail'] })}
        />
      )}
      {detail && (
        <div className="d-grid gap-3" data-testid="reseller-detail">
          <ProfileCard detail={detail} />
          <TableCard
            title={t('accounts.detail.balances')}
            testId="reseller-balances"
            headers={[
              t('accounts.detail.currency'),
              t('accounts.detail.commission'),
              t('accounts.detail.commissionReserved'),
              t('accounts.detail.commissionTotal'),
              t('accounts.detail.earnedThisMonth'),
              t('accounts.detail.withdrawnThisMonth'),
            ]}
            rows={detail.balances.map((b) => [
              b.currency,
              <bdi key="c">{moneyText(b.commission, b.currency)}</bdi>,
              <bdi key="r">{moneyText(b.commission_reserved, b.currency)}</bdi>,
              <bdi key="t">{moneyText(b.total, b.currency)}</bdi>,
              <bdi key="e">{moneyText(b.earned_this_month, b.currency)}</bdi>,
              <bdi key="w">{moneyText(b.withdrawn_this_month, b.currency)}</bdi>,
            ])}
            empty={t('accounts.detail.noBalances')}
          />
          <TableCard
            title={t('accounts.detail.contracts')}
            testId="reseller-contracts"
            headers={[
              t('accounts.detail.merchant'),
              t('accounts.detail.currency'),
              t('accounts.detail.gateway'),
              t('accounts.detail.version'),
              t('accounts.detail.effectiveFrom'),
              t('accounts.detail.payinRate'),
              t('accounts.detail.payoutRate'),
              t('accounts.detail.settlementRate'),
            ]}
            rows={detail.contracts.map((c) => [
              <span key="m">
                {c.merchant_name} <bdi className="text-muted small">{c.merchant_db_code}</bdi>
              </span>,
              c.currency,
              c.gateway_code || t('accounts.detail.anyGateway'),
              c.version,
              <bdi key="e">{at(c.effective_from)}</bdi>,
              <bdi key="i">{`${c.payin_percent}% + ${moneyText(c.payin_fixed, c.currency)}`}</bdi>,
              <bdi key="o">{`${c.payout_percent}% + ${moneyText(c.payout_fixed, c.currency)}`}</bdi>,
              <bdi key="s">
                {`${c.settlement_percent}% + ${moneyText(c.settlement_fixed, c.currency)}`}
              </bdi>,
            ])}
            empty={t('accounts.detail.noContracts')}
          />
          <TableCard
            title={t('accounts.detail.activity')}
            testId="reseller-activity"
            headers={[
              t('accounts.detail.when'),
              t('accounts.detail.who'),
              t('accounts.detail.action'),
              t('accounts.detail.account'),
              t('accounts.detail.outcome'),
            ]}
            rows={detail.activity.map((a) => [
              <bdi key="w">{at(a.created_at)}</bdi>,
              <bdi key="u">{a.actor_username}</bdi>,
              <code key="a">{a.action}</code>,
              <bdi key="t">{a.target_db_code}</bdi>,
              a.outcome,
            ])}
            empty={t('accounts.detail.noActivity')}
          />
        </div>
      )}
    </>
  );
}
