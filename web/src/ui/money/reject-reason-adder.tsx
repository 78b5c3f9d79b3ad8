import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addRejectReason, decideAccess } from '@bo/contract';
import { useSessionUser, viewerOf } from '../../lib/session';
import { BusyButton } from '../busy-button';
import { sendAddRejectReason } from './api/add-reject-reason';
import { useSubmit } from '../use-submit';

/** "[a-z][a-z0-9_]" from a label: "Wrong bank details" → "wrong_bank_details". */
const codeOf = (label: string) =>
  label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^[^a-z]+|_+$/g, '')
    .slice(0, 60);

/**
 * Under the reject dialog's reason list, for administrators: adds a reason to the list (its
 * code made from the label) and picks it. Refusals (a code that exists) are shown in place.
 */
export function RejectReasonAdder({ onAdded }: { onAdded: (code: string) => void }) {
  const { t } = useTranslation();
  const viewer = viewerOf(useSessionUser());
  const [open, setOpen] = useState(false);
  const [label, setLabel] = useState('');
  const submit = useSubmit();
  const [ownError, setOwnError] = useState<string | null>(null);
  const error = ownError ?? submit.error?.message ?? null;
  const setError = (text: string | null) => {
    setOwnError(text);
    submit.clearError();
  };
  if (!viewer || decideAccess(addRejectReason.rule, viewer) !== 'allowed') return null;
  if (!open)
    return (
      <button
        type="button"
        className="btn btn-link btn-sm px-0"
        onClick={() => setOpen(true)}
        data-testid="add-reject-reason"
      >
        <i className="bi bi-plus-lg me-1" aria-hidden />
        {t('money.addReason')}
      </button>
    );
  const add = async () => {
    const code = codeOf(label);
    if (label.trim().length < 2 || code.length < 2) {
      setError(t('money.addReasonInvalid'));
      return;
    }
    setOwnError(null);
    const added = await submit.run(() => sendAddRejectReason(code, label.trim()));
    if (!added) return;
    onAdded(added.code);
    setOpen(false);
    setLabel('');
  };
  return (
    <div className="input-group input-group-sm mt-2 has-validation">
      <input
        className={`form-control ${error ? 'is-invalid' : ''}`}
        value={label}
        maxLength={120}
        placeholder={t('money.newReasonLabel')}
        aria-label={t('money.newReasonLabel')}
        onChange={(e) => {
          setLabel(e.target.value);
          setError(null);
        }}
        data-testid="new-reject-reason"
      />
      <BusyButton
        type="button"
        className="btn-outline-primary"
        isBusy={submit.isBusy}
        onClick={() => void add()}
        data-testid="save-reject-reason"
      >
        {t('money.addReasonSave')}
      </BusyButton>
      {error && <div className="invalid-feedback">{error}</div>}
    </div>
  );
}
