import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addRejectReason, decideAccess } from '@bo/contract';
import { ApiError } from '../../lib/api-error';
import { useSessionUser, viewerOf } from '../../lib/session';
import { BusyButton } from '../busy-button';
import { sendAddRejectReason } from './api/add-reject-reason';

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
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
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
    setBusy(true);
    try {
      const added = await sendAddRejectReason(code, label.trim());
      onAdded(added.code);
      setOpen(false);
      setLabel('');
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure;
      setError(failure.message);
    } finally {
      setBusy(false);
    }
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
        isBusy={busy}
        onClick={() => void add()}
        data-testid="save-reject-reason"
      >
        {t('money.addReasonSave')}
      </BusyButton>
      {error && <div className="invalid-feedback">{error}</div>}
    </div>
  );
}
