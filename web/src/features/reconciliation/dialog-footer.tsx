import { useTranslation } from 'react-i18next';
import { pathOf } from '@bo/contract';
import { navigateTo } from '../../lib/navigation';
import { queryClient } from '../../lib/query-client';
import { announceSuccess } from '../../lib/success-notes';
import { BusyButton } from '../../ui/busy-button';

/** An import dialog's footer: Cancel, and the submit button of its form. */
export function ImportFooter({
  form,
  label,
  busy,
  disabled,
  testId,
  onCancel,
}: {
  form: string;
  label: string;
  busy: boolean;
  disabled: boolean;
  testId: string;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <button type="button" className="btn btn-light" onClick={onCancel}>
        {t('common.cancel')}
      </button>
      <BusyButton
        type="submit"
        form={form}
        className="btn btn-primary"
        isBusy={busy}
        disabled={disabled}
        data-testid={testId}
      >
        {label}
      </BusyButton>
    </>
  );
}

/** After an import: the runs list read again, the success said, the new run opened. */
export async function openImportedRun(runId: string, note: string): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: ['getReconRunList'] });
  announceSuccess(note);
  navigateTo(pathOf('reconciliationRun', { id: runId }));
}
