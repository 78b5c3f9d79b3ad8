import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SettingChangeRow } from '@bo/contract';
import { Dialog } from '../../dialog';
import { refreshSettingViews } from '../api/get-pending-setting-changes';
import { sendRejectSettingChange } from '../api/reject-setting-change';
import {
  RejectionFields,
  rejectionErrorsOf,
  type RejectionDraft,
  type RejectionErrors,
} from '../rejection-fields';
import { SettingName } from './setting-change-text';
import { useSubmit } from '../../use-submit';
import { DialogFooter } from '../../dialog-footer';

/** Rejects a waiting change with a reason from the list and a note: the old value stays. */
export function RejectSettingChangeDialog({
  change,
  onClose,
}: {
  change: SettingChangeRow;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<RejectionDraft>({ reasonCode: '', note: '' });
  const [errors, setErrors] = useState<RejectionErrors>({});
  const { isBusy: busy, run } = useSubmit();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = rejectionErrorsOf(
      draft,
      t('money.reasonCodeRequired'),
      t('money.noteRequired.rejection'),
    );
    setErrors(found);
    if (Object.keys(found).length) return;
    const done = await run(async () => {
      await sendRejectSettingChange({
        id: change.id,
        reasonCode: draft.reasonCode ?? '',
        note: draft.note.trim(),
      });
      await refreshSettingViews();
      return true;
    });
    if (done) onClose();
  };
  return (
    <Dialog
      title={t('administration.settingChanges.rejectTitle')}
      onClose={onClose}
      testId="setting-change-reject"
      footer={
        <DialogFooter
          busy={busy}
          onCancel={onClose}
          action={{
            label: t('money.decision.reject'),
            form: 'setting-change-reject-form',
            className: 'btn-danger',
            testId: 'setting-change-reject-confirm',
          }}
        />
      }
    >
      <form id="setting-change-reject-form" onSubmit={(e) => void submit(e)} noValidate>
        <p className="mb-3">
          <SettingName change={change} />: {t('administration.settingChanges.rejectEffect')}
        </p>
        <RejectionFields
          idPrefix="setting-change"
          draft={draft}
          noteLabel={t('money.noteLabel.rejection')}
          noteMaxLength={500}
          errors={errors}
          onChange={(next, nextErrors) => {
            setDraft(next);
            setErrors(nextErrors);
          }}
        />
      </form>
    </Dialog>
  );
}
