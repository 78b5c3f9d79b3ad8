import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getReconRunList } from '@bo/contract';
import { ListView } from '../../ui/list/list-view';
import { useListPage } from '../../ui/list/use-list-page';
import { RouteTitle } from '../../ui/page-title';
import { ImportStatementDialog } from './import-statement-dialog';
import { reconRunColumns } from './recon-run-columns';
import { SandboxImportDialog } from './sandbox-import-dialog';

/**
 * /reconciliation: the runs, newest first (gateway and dates in the URL, export), and the two
 * ways a statement comes in: a file uploaded (its column map built here the first time) or
 * the sandbox's own statement of a period.
 */
export default function ReconRunsPage() {
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
      <RouteTitle />
      <p className="text-muted">{t('reconciliation.intro')}</p>
      {actions}
      <ListView list={list} columns={columns} listId="recon-runs" getRowId={(r) => r.id} />
      {open === 'upload' && <ImportStatementDialog onClose={() => setOpen(null)} />}
      {open === 'sandbox' && <SandboxImportDialog onClose={() => setOpen(null)} />}
    </>
  );
}
