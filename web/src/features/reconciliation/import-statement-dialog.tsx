import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RECON_FILE_PART, RECON_PREVIEW_MAX_LINES } from '@bo/contract';
import { queryClient } from '../../lib/query-client';
import { FormDialog } from '../../ui/form-dialog';
import { FormField } from '../../ui/form-field';
import { UploadProgress } from '../../ui/upload-progress';
import { useSubmit } from '../../ui/use-submit';
import {
  importStatement,
  openImportedRun,
  periodInstants,
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
import { PeriodFields, periodProblems, startPeriod, type Period } from './period-fields';
import { StatementPreviewTable, type StatementPreview } from './statement-preview';

/**
 * Import a statement: the gateway and period, the file and a preview of its first lines. A
 * gateway without a saved column map gets one built here from the preview (saved before the
 * import); one with a map imports at once (its map can still be changed). The file is sent
 * with a progress bar (the dialog stays until the run opens) and the new run opens; a refusal
 * (naming the line and column) shows in place, a refused field under it.
 */
export function ImportStatementDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<Period>(startPeriod);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<StatementPreview | null>(null);
  const [draft, setDraft] = useState<MapDraft | null>(null);
  const [share, setShare] = useState<number | null>(null);
  // Problems show once the form has been sent, not on a fresh form.
  const [tried, setTried] = useState(false);
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
  // Another gateway has its own map (or none): an edited one is for the gateway it was made for.
  const changePeriod = (next: Period) => {
    if (next.gatewayId !== period.gatewayId) setDraft(null);
    setPeriod(next);
  };
  const editMap = () =>
    saved &&
    preview &&
    setDraft(draftFromMap(saved, wordsIn(preview.header, cells, saved.status_column)));
  const problems = periodProblems(period, t);
  const mapProblems = editing ? draftProblems(editing) : null;
  const fileProblem = file ? null : t('reconciliation.import.required');
  const isReady =
    !Object.values(problems).some(Boolean) &&
    !fileProblem &&
    preview !== null &&
    (mapProblems === null || (mapProblems.columns.length === 0 && mapProblems.words.length === 0));

  const submit = () => {
    setTried(true);
    if (!isReady || !file) return;
    void run(async () => {
      if (editing) {
        await saveColumnMap(requestOfDraft(period.gatewayId, editing));
        await queryClient.invalidateQueries({ queryKey: ['getReconColumnMap', period.gatewayId] });
        setDraft(null);
      }
      setShare(0);
      try {
        const answer = await importStatement(
          { gatewayId: period.gatewayId, ...periodInstants(period) },
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
  return (
    <FormDialog
      title={t('reconciliation.import.title')}
      testId="recon-import-dialog"
      size="xl"
      submitLabel={editing ? t('reconciliation.map.save') : t('reconciliation.import.send')}
      submitTestId="recon-import-send"
      onSubmit={submit}
      onClose={onClose}
      isBusy={isBusy}
      error={error}
      errorTestId="recon-import-error"
    >
      <PeriodFields period={period} problems={tried ? problems : null} onChange={changePeriod} />
      <FormField
        name={RECON_FILE_PART}
        type="file"
        label={t('reconciliation.import.file')}
        accept=".csv,.xlsx,text/csv,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        className="mt-2 mb-0"
        error={tried ? fileProblem : null}
        required
        disabled={isBusy}
        onChange={(e) => choose(e.target.files?.[0] ?? null)}
        data-testid="recon-file-input"
      />
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
            showProblems={tried}
            onChange={setDraft}
          />
        </>
      )}
      {share !== null && file && (
        <UploadProgress
          name={file.name}
          share={share}
          label={t('reconciliation.import.sending', { name: file.name })}
          done={t('reconciliation.import.read')}
          testId="recon-upload-progress"
        />
      )}
    </FormDialog>
  );
}
