import { useTranslation } from 'react-i18next';
import { RISK_LIST_TEXT_LIMITS, type RiskEntryRow, type RiskListRow } from '@bo/contract';
import { confirmAction } from '../../lib/popups';
import { announceSuccess } from '../../lib/success-notes';
import { FormDialog } from '../../ui/form-dialog';
import { FormField } from '../../ui/form-field';
import { TextAreaField } from '../../ui/text-area-field';
import { useSubmit } from '../../ui/use-submit';
import { refreshRiskLists, sendAddRiskListEntry, sendRemoveRiskListEntry } from './api/risk-lists';

const fieldsOf = (form: HTMLFormElement) =>
  Object.fromEntries(new FormData(form)) as Record<string, string>;

/** Today as the date input writes it, in the browser's zone: the earliest expiry offered. */
const today = () => new Date().toLocaleDateString('sv-SE');

/** Add an entry: its value (normalised by the server), an optional expiry date and why. */
export function AddEntryDialog({ list, onClose }: { list: RiskListRow; onClose: () => void }) {
  const { t } = useTranslation();
  const { isBusy, run } = useSubmit();
  const submit = async (form: HTMLFormElement) => {
    const fields = fieldsOf(form);
    const added = await run(() =>
      sendAddRiskListEntry({
        listId: list.id,
        value: fields.value ?? '',
        reason: fields.reason ?? '',
        ...(fields.expiresAt ? { expiresAt: fields.expiresAt } : {}),
      }),
    );
    if (!added) return;
    await refreshRiskLists();
    announceSuccess(t('risk.add.done', { value: added.value }));
    onClose();
  };
  return (
    <FormDialog
      title={t('risk.add.title', { name: list.name })}
      testId="risk-entry-dialog"
      submitLabel={t('risk.add.submit')}
      submitTestId="risk-entry-add"
      onSubmit={submit}
      onClose={onClose}
      isBusy={isBusy}
      autoComplete="off"
    >
      <FormField
        label={t(`risk.keyType.${list.key_type}`)}
        name="value"
        dir="ltr"
        required
        hint={t(`risk.valueHint.${list.key_type}`)}
        data-testid="field-value"
      />
      <FormField
        label={t('risk.add.expiresAt')}
        name="expiresAt"
        type="date"
        min={today()}
        hint={t('risk.add.expiresHint')}
        data-testid="field-expiresAt"
      />
      <TextAreaField
        label={t('risk.column.reason')}
        name="reason"
        required
        rows={2}
        maxLength={RISK_LIST_TEXT_LIMITS.reason}
        data-testid="field-reason"
      />
    </FormDialog>
  );
}

/** Remove an entry: why, then a confirmation; the entry stays in the list as removed. */
export function RemoveEntryDialog({
  entry,
  onClose,
}: {
  entry: RiskEntryRow;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { isBusy, run } = useSubmit();
  const submit = async (form: HTMLFormElement) => {
    const reason = fieldsOf(form).reason ?? '';
    if (
      !(await confirmAction(
        t('risk.remove.confirm', { value: entry.value }),
        t('risk.remove.button'),
      ))
    )
      return;
    const removed = await run(() => sendRemoveRiskListEntry({ id: entry.id, reason }));
    if (!removed) return;
    await refreshRiskLists();
    announceSuccess(t('risk.remove.done', { value: entry.value }));
    onClose();
  };
  return (
    <FormDialog
      title={t('risk.remove.title')}
      testId="risk-remove-dialog"
      submitLabel={t('risk.remove.button')}
      submitTestId="risk-remove-submit"
      onSubmit={submit}
      onClose={onClose}
      isBusy={isBusy}
    >
      <p>
        <bdi dir="ltr" className="font-monospace">
          {entry.value}
        </bdi>
      </p>
      <TextAreaField
        label={t('risk.remove.reason')}
        name="reason"
        required
        rows={2}
        maxLength={RISK_LIST_TEXT_LIMITS.reason}
        data-testid="field-removal-reason"
      />
    </FormDialog>
  );
}
