import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { SUPPORT_CATEGORIES, SUPPORT_LIMITS, type SupportCategory } from '@bo/contract';
import { announceSuccess } from '../../lib/success-notes';
import { BusyButton } from '../../ui/busy-button';
import { FormField } from '../../ui/form-field';
import { sendCreateSupportRequest } from './api/create-support-request';
import { refreshSupportRequestList } from './api/get-support-request-list';
import { SelectField } from '../../ui/select-field';
import { useSubmit } from '../../ui/use-submit';

interface Draft {
  subject: string;
  category: SupportCategory | '';
  message: string;
  transactionReference: string;
}
type Problems = Partial<Record<keyof Draft, string>>;

const EMPTY: Draft = { subject: '', category: '', message: '', transactionReference: '' };

/** The same bounds the server checks, so most mistakes are shown in place before sending. */
function problemsOf(draft: Draft, t: TFunction): Problems {
  const problems: Problems = {};
  const subject = draft.subject.trim();
  const message = draft.message.trim();
  if (!subject) problems.subject = t('technical.support.form.subjectRequired');
  else if (subject.length > SUPPORT_LIMITS.subject)
    problems.subject = t('technical.support.form.tooLong', { max: SUPPORT_LIMITS.subject });
  if (!draft.category) problems.category = t('technical.support.form.categoryRequired');
  if (message.length < SUPPORT_LIMITS.messageMin)
    problems.message = t('technical.support.form.messageTooShort', {
      min: SUPPORT_LIMITS.messageMin,
    });
  else if (message.length > SUPPORT_LIMITS.message)
    problems.message = t('technical.support.form.tooLong', { max: SUPPORT_LIMITS.message });
  if (draft.transactionReference.trim().length > SUPPORT_LIMITS.transactionReference)
    problems.transactionReference = t('technical.support.form.tooLong', {
      max: SUPPORT_LIMITS.transactionReference,
    });
  return problems;
}

/** Files a support request: subject, category, message and an optional transaction reference. */
export function SupportRequestForm() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [problems, setProblems] = useState<Problems>({});
  const { isBusy: isSending, run } = useSubmit();
  const change = (patch: Partial<Draft>) => {
    setDraft({ ...draft, ...patch });
    setProblems({});
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = problemsOf(draft, t);
    setProblems(found);
    const { category } = draft;
    if (Object.keys(found).length > 0 || !category) return;
    // A refusal is shown by the API client; the draft stays for a retry.
    await run(async () => {
      await sendCreateSupportRequest({
        subject: draft.subject.trim(),
        category,
        message: draft.message.trim(),
        transactionReference: draft.transactionReference.trim(),
      });
      setDraft(EMPTY);
      announceSuccess(t('technical.support.form.sent'));
    });
    await refreshSupportRequestList();
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="support-request-form">
      <FormField
        label={t('technical.support.form.subject')}
        value={draft.subject}
        maxLength={SUPPORT_LIMITS.subject}
        onChange={(e) => change({ subject: e.target.value })}
        error={problems.subject}
        data-testid="support-subject"
      />
      <SelectField
        id="support-category"
        label={t('technical.support.form.category')}
        value={draft.category}
        error={problems.category}
        onChange={(e) => change({ category: e.target.value as SupportCategory })}
        data-testid="support-category"
      >
        <option value="">{t('technical.support.form.chooseCategory')}</option>
        {SUPPORT_CATEGORIES.map((category) => (
          <option key={category} value={category}>
            {t(`technical.support.categories.${category}`)}
          </option>
        ))}
      </SelectField>
      <div className="mb-3">
        <label htmlFor="support-message" className="form-label fw-medium">
          {t('technical.support.form.message')}
        </label>
        <textarea
          id="support-message"
          rows={5}
          className={`form-control ${problems.message ? 'is-invalid' : ''}`}
          value={draft.message}
          maxLength={SUPPORT_LIMITS.message}
          onChange={(e) => change({ message: e.target.value })}
          data-testid="support-message"
        />
        {problems.message ? (
          <div className="invalid-feedback">{problems.message}</div>
        ) : (
          <div className="form-text">
            {t('technical.support.form.messageHint', { min: SUPPORT_LIMITS.messageMin })}
          </div>
        )}
      </div>
      <FormField
        label={t('technical.support.form.transactionReference')}
        hint={t('technical.support.form.transactionReferenceHint')}
        value={draft.transactionReference}
        maxLength={SUPPORT_LIMITS.transactionReference}
        onChange={(e) => change({ transactionReference: e.target.value })}
        error={problems.transactionReference}
        data-testid="support-transaction-reference"
      />
      <BusyButton
        type="submit"
        className="btn-primary"
        isBusy={isSending}
        data-testid="support-submit"
      >
        {t('technical.support.form.submit')}
      </BusyButton>
    </form>
  );
}
