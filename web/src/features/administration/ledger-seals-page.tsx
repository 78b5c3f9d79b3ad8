import { Fragment, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getLedgerSeals } from '@bo/contract';
import { ListView } from '../../ui/list/list-view';
import { useListPage } from '../../ui/list/use-list-page';
import { LoadFailed } from '../../ui/load-failed';
import { RouteTitle } from '../../ui/page-title';
import { Spinner } from '../../ui/spinner';
import { ledgerChainStatusQuery } from './api/get-ledger-chain-status';
import { ledgerSealColumns } from './ledger-seal-columns';

/** The chain's counts shown: entries and admin log rows, chained and waiting. */
const COUNTS = [
  ['chained', 'chained', 'chain-chained'],
  ['waiting', 'waiting', 'chain-waiting'],
  ['admin_log_chained', 'adminLogChained', 'chain-admin-log-chained'],
  ['admin_log_waiting', 'adminLogWaiting', 'chain-admin-log-waiting'],
] as const;

/** The chain's state now: what is chained and waiting (entries and admin log rows), the last seal, the key merchants pin. */
function ChainStatus() {
  const { t } = useTranslation();
  const status = useQuery(ledgerChainStatusQuery());
  if (status.isPending) return <Spinner />;
  if (status.isError) return <LoadFailed onRetry={() => void status.refetch()} />;
  const s = status.data;
  const item = (label: string, value: React.ReactNode, testId: string) => (
    <div className="col-6 col-md-3">
      <div className="small text-muted">{label}</div>
      <div className="fw-semibold" data-testid={testId}>
        {value}
      </div>
    </div>
  );
  return (
    <div className="card mb-3" data-testid="ledger-chain-status">
      <div className="card-body">
        <div className="row g-3">
          {COUNTS.map(([field, words, testId]) => (
            <Fragment key={field}>
              {item(t(`administration.seals.${words}`), BigInt(s[field]).toLocaleString(), testId)}
            </Fragment>
          ))}
          {item(
            t('administration.seals.lastSeal'),
            s.last_seal_day ? <bdi>{s.last_seal_day}</bdi> : t('administration.seals.none'),
            'chain-last-seal',
          )}
          {item(t('administration.seals.keys'), s.keys.toLocaleString(), 'chain-keys')}
        </div>
        {s.public_key && (
          <div className="mt-3">
            <label className="small text-muted d-block" htmlFor="seal-public-key">
              {t('administration.seals.publicKey')}
            </label>
            <input
              id="seal-public-key"
              className="form-control form-control-sm font-monospace"
              dir="ltr"
              readOnly
              value={s.public_key}
              onFocus={(e) => e.currentTarget.select()}
            />
          </div>
        )}
      </div>
    </div>
  );
}

/**
 * /ledger-seals (issue 44): the ledger's daily seals, newest first (dates in the URL, page,
 * export), and the chain's state with the platform's public key.
 */
export default function LedgerSealsPage() {
  const { t } = useTranslation();
  const list = useListPage(getLedgerSeals);
  const columns = useMemo(() => ledgerSealColumns(t), [t]);
  return (
    <>
      <RouteTitle />
      <p className="text-muted">{t('administration.seals.intro')}</p>
      <ChainStatus />
      <ListView list={list} columns={columns} listId="ledger-seals" getRowId={(r) => r.id} />
    </>
  );
}
