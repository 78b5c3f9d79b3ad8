import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RECON_PREVIEW_MAX_LINES } from '@bo/contract';
import { queryClient } from '../../lib/query-client';
import { Dialog } from '../../ui/dialog';
import { ImportFooter, openImportedRun } from './dialog-footer';
import { useSubmit } from '../../ui/use-submit';
import {
  importStatement,
  periodOf,
  previewStatement,
  reconColumnMapQuery,
  saveColumnMap,
} from './api/recon-api';
import { ColumnMapForm } from './column-map-form';
import {
  draftFromMap,
  draftFromPreview,
  draftProblems,
  requestOfDraft,
  wordsIn,
  type MapDraft,
} from './map-draft';
import { PeriodFields, todayText, type Period } from './period-fields';
import { StatementPreviewTable, type StatementPreview } from './statement-preview';
import { UploadProgress } from './upload-progress';

/**
 * Import a statement: the gateway and period, the file and a preview of its first lines. A
 * gateway without a saved column map gets one built here from the preview (saved before the
 * import); one with a map imports at once (its map can still be changed). The file is sent
 * with a progress bar and the new run opens; a refusal (naming the line and column) shows in
 * place.
 */
export function ImportStatementDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<Period>({
    gatewayId: '',
    from: todayText(),
    to: todayText(),
  });
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<StatementPreview | null>(null);
  const [draft, setDraft] = useState<MapDraft | null>(null);
  const [share, setShare] = useState<number | null>(null);
  const { isBusy, error, run } = useSubmit();
  const map = useQuery(reconColumnMapQuery(period.gatewayId));
  const saved = map.data?.map ?? null;
  const cells = preview?.rows.map((r) => r.cells) ?? [];
  const editing =
    draft ??
    (preview && map.isSuccess && !saved
      ? draftFromPreview(preview.delimiter, preview.header, cells)
      : null);

  const choose = (picked: File | null) => {
    setFile(picked);
    setPreview(null);
    setDraft(null);
    if (picked)
      void run(async () => setPreview(await previewStatement(picked, RECON_PREVIEW_MAX_LINES)));
  };
  const editMap = () =>
    saved &&
    preview &&
    setDraft(draftFromMap(saved, wordsIn(preview.header, cells, saved.status_column)));
  const problems = editing ? draftProblems(editing) : null;
  const blocked =
    !period.gatewayId ||
    !file ||
    !preview ||
    period.to < period.from ||
    (problems !== null && (problems.columns.length > 0 || problems.words.length > 0));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (blocked || !file) return;
    void run(async () => {
      if (editing) {
        await saveColumnMap(requestOfDraft(period.gatewayId, editing));
        await queryClient.invalidateQueries({ queryKey: ['getReconColumnMap', period.gatewayId] });
        setDraft(null);
      }
      setShare(0);
      try {
        const answer = await importStatement(
          { gatewayId: period.gatewayId, ...periodOf(period.from, period.to) },
          file,
          setShare,
        );
        onClose();
        await openImportedRun(answer.run.id, t('reconciliation.import.imported'));
      } finally {
        setShare(null);
      }
    });
  };
  const footer = (
    <ImportFooter
      form="recon-import-form"
      label={editing ? t('reconciliation.map.save') : t('reconciliation.import.send')}
      busy={isBusy}
      disabled={blocked}
      testId="recon-import-send"
      onCancel={onClose}
    />
  );
  return (
    <Dialog
      title={t('reconciliation.import.title')}
      onClose={onClose}
      size="xl"
      footer={footer}
      testId="recon-import-dialog"
    >
      <form id="recon-import-form" onSubmit={submit} noValidate>
        <PeriodFields
          period={period}
          onChange={(next) => {
            setPeriod(next);
            setDraft(null);
          }}
        />
        <div className="mt-2">
          <label htmlFor="recon-file" className="form-label small fw-medium mb-1">
            {t('reconciliation.import.file')}
          </label>
          <input
            id="recon-file"
            type="file"
            accept=".csv,text/csv,text/plain"
            className="form-control"
            disabled={isBusy}
            onChange={(e) => choose(e.target.files?.[0] ?? null)}
            data-testid="recon-file-input"
          />
        </div>
        {error && (
          <div
            className="alert alert-danger py-2 small mt-2 mb-0"
            role="alert"
            data-testid="recon-import-error"
          >
            <bdi>{error.message}</bdi>
          </div>
        )}
        {preview && file && <StatementPreviewTable preview={preview} name={file.name} />}
        {preview && saved && !draft && (
          <p className="small mt-2 mb-0" data-testid="recon-map-saved">
            {t('reconciliation.import.hasMap')}{' '}
            <button
              type="button"
              className="btn btn-link btn-sm p-0 align-baseline"
              onClick={editMap}
            >
              {t('reconciliation.import.editMap')}
            </button>
          </p>
        )}
        {editing && preview && (
          <>
            {!saved && (
              <p className="small mt-2 mb-0" data-testid="recon-map-needed">
                {t('reconciliation.import.needsMap')}
              </p>
            )}
            <ColumnMapForm
              draft={editing}
              header={preview.header}
              rows={cells}
              onChange={setDraft}
            />
          </>
        )}
        {share !== null && file && <UploadProgress name={file.name} share={share} />}
      </form>
    </Dialog>
  );
}
