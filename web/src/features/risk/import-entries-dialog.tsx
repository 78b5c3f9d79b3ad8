import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RISK_IMPORT_MAX_BYTES, type RiskListRow } from '@bo/contract';
import { sizeText } from '../../lib/api/export-file';
import { isolate } from '../../lib/bidi';
import { announceSuccess } from '../../lib/success-notes';
import { FormDialog } from '../../ui/form-dialog';
import { FormField } from '../../ui/form-field';
import { UploadProgress } from '../../ui/upload-progress';
import { useSubmit } from '../../ui/use-submit';
import { importRiskEntries, refreshRiskLists } from './api/risk-lists';

/**
 * Import a CSV file of entries (header `value,expires_at,reason`), sent with a progress bar.
 * All or nothing: a refusal names each bad line and shows in place; duplicates of active
 * entries are said, not added again.
 */
export function ImportEntriesDialog({ list, onClose }: { list: RiskListRow; onClose: () => void }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [share, setShare] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { isBusy, error, run } = useSubmit();
  const submit = async () => {
    if (!file) return setProblem(t('risk.import.required'));
    if (file.size > RISK_IMPORT_MAX_BYTES)
      return setProblem(
        t('risk.import.tooLarge', { max: isolate(sizeText(RISK_IMPORT_MAX_BYTES)) }),
      );
    setProblem(null);
    setShare(0);
    const answer = await run(() => importRiskEntries(list.id, file, setShare));
    setShare(null);
    if (!answer) return;
    await refreshRiskLists();
    announceSuccess(t('risk.import.done', { added: answer.added, duplicates: answer.duplicates }), {
      keep: answer.duplicates > 0,
    });
    onClose();
  };
  return (
    <FormDialog
      title={t('risk.import.title', { name: list.name })}
      testId="risk-import-dialog"
      submitLabel={t('risk.import.submit')}
      submitTestId="risk-import-submit"
      onSubmit={submit}
      onClose={onClose}
      isBusy={isBusy}
      error={error ?? undefined}
      errorTestId="risk-import-error"
    >
      <p className="small text-muted">{t('risk.import.format')}</p>
      <pre className="small bg-body-tertiary p-2 rounded" dir="ltr">
        value,expires_at,reason{'\n'}
        {t(`risk.example.${list.key_type}`)},,{t('risk.import.exampleReason')}
      </pre>
      <FormField
        label={t('risk.import.file', { max: isolate(sizeText(RISK_IMPORT_MAX_BYTES)) })}
        name="file"
        type="file"
        accept=".csv,text/csv"
        error={problem}
        onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        data-testid="risk-import-file"
      />
      {share !== null && file && (
        <UploadProgress
          name={file.name}
          share={share}
          label={t('risk.import.sending', { name: file.name })}
          done={t('risk.import.checking')}
          testId="risk-import-progress"
        />
      )}
    </FormDialog>
  );
}
