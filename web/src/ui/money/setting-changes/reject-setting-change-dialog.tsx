import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SettingChangeRow } from '@bo/contract';
import { ApiError } from '../../../lib/api-error';
import { BusyButton } from '../../busy-button';
import { Dialog } from '../../dialog';
import { rejectReasonsQuery } from '../api/get-reject-reasons';
import { refreshSettingViews } from '../api/get-pending-setting-changes';
import { sendRejectSettingChange } from '../api/reject-setting-change';
import { SettingName } from './setting-change-text';

/** Rejects a waiting change with a reason from the list and a note: the old value stays. */
export function RejectSettingChangeDialog({
  change,
  onClose,
}: {
  change: SettingChangeRow;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const reasons = (useQuery(rejectReasonsQuery()).data?.rows ?? []).filter((r) => !r.is_system);
  const [reasonCode, setReasonCode] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ reasonCode?: string; note?: string }>({});
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = {
      ...(reasonCode ? {} : { reasonCode: t('money.reasonCodeRequired') }),
      ...(note.trim() ? {} : { note: t('money.noteRequired.rejection') }),
    };
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await sendRejectSettingChange({ id: change.id, reasonCode, note: note.trim() });
      await refreshSettingViews();
      onClose();
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure;
      setBusy(false);
    }
  };
  return (
    <Dialog
      title={t('administration.settingChanges.rejectTitle')}
      onClose={onClose}
      testId="setting-change-reject"
      footer={
        <>
          <button type="button" className="btn btn-light" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <BusyButton
            type="submit"
            form="setting-change-reject-form"
            isBusy={busy}
            className="btn-danger"
            data-testid="setting-change-reject-confirm"
          >
            {t('money.decision.reject')}
          </BusyButton>
        </>
      }
    >
      <form id="setting-change-reject-form" onSubmit={(e) => void submit(e)} noValidate>
        <p className="mb-3">
          <SettingName change={change} />: {t('administration.settingChanges.rejectEffect')}
        </p>
        <div className="mb-3">
          <label htmlFor="setting-change-reason-code" className="form-label fw-medium">
            {t('money.reasonCode')}
          </label>
          <select
            id="setting-change-reason-code"
            className={`form-select ${errors.reasonCode ? 'is-invalid' : ''}`}
            value={reasonCode}
            onChange={(e) => setReasonCode(e.target.value)}
          >
            <option value="">{t('money.chooseReason')}</option>
            {reasons.map((r) => (
              <option key={r.code} value={r.code}>
                {r.label}
              </option>
            ))}
          </select>
          {errors.reasonCode && <div className="invalid-feedback">{errors.reasonCode}</div>}
        </div>
        <label htmlFor="setting-change-note" className="form-label fw-medium">
          {t('money.noteLabel.rejection')}
        </label>
        <textarea
          id="setting-change-note"
          className={`form-control ${errors.note ? 'is-invalid' : ''}`}
          rows={3}
          maxLength={500}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
        {errors.note && <div className="invalid-feedback">{errors.note}</div>}
      </form>
    </Dialog>
  );
}
