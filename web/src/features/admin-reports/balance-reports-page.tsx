import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { getBalanceReport } from '@bo/contract';
import { useListPage } from '../../ui/list/use-list-page';
import { balanceReportColumns } from './admin-balance-columns';
import { ReportView } from '../../ui/report/report-view';
import { localInputOf } from '../../lib/local-instant';

/** /balance-reports: balances per account type and currency, now or at a past instant. */
export default function BalanceReportsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const at = params.get('at') ?? undefined;
  const list = useListPage(getBalanceReport, { fixed: at ? { at } : {} });
  const columns = useMemo(() => balanceReportColumns(t, at), [t, at]);
  const shownAt = (list.answer?.at as string | undefined) ?? null;
  const setAt = (value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set('at', new Date(value).toISOString());
    else next.delete('at');
    next.delete('page');
    setParams(next);
  };
  const picker = (
    <div className="d-flex flex-wrap align-items-end gap-2 mb-3 report-no-print">
      <div>
        <label className="form-label small mb-1" htmlFor="balance-at">
          {t('adminReports.at')}
        </label>
        <input
          id="balance-at"
          type="datetime-local"
          className="form-control form-control-sm"
          data-testid="balance-at"
          value={at ? localInputOf(at) : ''}
          max={localInputOf(new Date().toISOString())}
          onChange={(e) => setAt(e.target.value)}
        />
      </div>
      {at && (
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          onClick={() => setAt('')}
          data-testid="balance-now"
        >
          {t('adminReports.now')}
        </button>
      )}
      {shownAt && (
        <span className="small text-muted" data-testid="balance-at-shown">
          {t('adminReports.shownAt', { at: localInputOf(shownAt).replace('T', ' ') })}
        </span>
      )}
    </div>
  );
  return (
    <ReportView
      list={list}
      columns={columns}
      listId="balance-reports"
      hint={t('adminReports.balanceHint')}
      controls={picker}
    />
  );
}
