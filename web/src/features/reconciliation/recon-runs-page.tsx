import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { getReconRunList, pathOf } from '@bo/contract';
import { ListView } from '../../ui/list/list-view';
import { useListPage } from '../../ui/list/use-list-page';
import { RouteTitle } from '../../ui/page-title';
import { ImportStatementDialog } from './import-statement-dialog';
import { ReconFeeReport } from './recon-fee-report';
import { reconRunColumns } from './recon-run-columns';
import { ReconWriteOffQueue } from './recon-write-off-queue';
import { SandboxImportDialog } from './sandbox-import-dialog';

/**
 * The views of /reconciliation: the runs, the fee report (`?view=fees`) and the write-offs
 * waiting for a checker (`?view=write-offs`).
 */
const VIEWS = ['runs', 'fees', 'write-offs'] as const;
type View = (typeof VIEWS)[number];

/**
 * /reconciliation: the runs, the fee report or the write-offs to approve, a tab each (the view
 * in the URL, each list's filters with it).
 */
export default function ReconRunsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const view: View = VIEWS.find((v) => v === params.get('view')) ?? 'runs';
  const base = pathOf('reconciliation');
  return (
    <>
      <RouteTitle />
      <nav aria-label={t('reconciliation.views')}>
        <ul className="nav nav-tabs mb-3">
          {VIEWS.map((v) => (
            <li key={v} className="nav-item">
              <Link
                to={v === 'runs' ? base : `${base}?view=${v}`}
                className={`nav-link ${v === view ? 'active' : ''}`}
                aria-current={v === view ? 'page' : undefined}
                data-testid={`recon-view-${v}`}
              >
                {t(`reconciliation.view.${v}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {view === 'fees' && <ReconFeeReport />}
      {view === 'write-offs' && <ReconWriteOffQueue />}
      {view === 'runs' && <ReconRuns />}
    </>
  );
}

/**
 * The runs, newest first (gateway and dates in the URL, export), and the two ways a statement
 * comes in: a file uploaded (its column map built here the first time) or the sandbox's own
 * statement of a period.
 */
function ReconRuns() {
  const { t } = useTranslation();
  const list = useListPage(getReconRunList);
  const columns = useMemo(() => reconRunColumns(t), [t]);
  const [open, setOpen] = useState<'upload' | 'sandbox' | null>(null);
  // Beside the intro, not in the filter bar's crowded row: they wrap on a phone.
  const actions = (
    <div className="d-flex flex-wrap gap-2 mb-3">
      <button
        type="button"
        className="btn btn-primary btn-sm"
        onClick={() => setOpen('upload')}
        data-testid="recon-import-open"
      >
        {t('reconciliation.import.action')}
      </button>
      <button
        type="button"
        className="btn btn-outline-primary btn-sm"
        onClick={() => setOpen('sandbox')}
        data-testid="recon-sandbox-open"
      >
        {t('reconciliation.sandbox.action')}
      </button>
    </div>
  );
  return (
    <>
      <p className="text-muted">{t('reconciliation.intro')}</p>
      {actions}
      <ListView list={list} columns={columns} listId="recon-runs" getRowId={(r) => r.id} />
      {open === 'upload' && <ImportStatementDialog onClose={() => setOpen(null)} />}
      {open === 'sandbox' && <SandboxImportDialog onClose={() => setOpen(null)} />}
    </>
  );
}
