import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { rejectReasonsQuery } from './api/get-reject-reasons';
import { RejectReasonAdder } from './reject-reason-adder';
import { SelectField } from '../select-field';

/** What a rejection's fields say is missing, in the user's words. */
export type RejectionErrors = Partial<Record<'reasonCode' | 'note', string>>;

/** The fields as typed: `reasonCode` is null where no reason is asked (a note alone). */
export interface RejectionDraft {
  readonly reasonCode: string | null;
  readonly note: string;
}

/**
 * What a draft lacks: a reason where one is asked, and a note where `noteRequired` (the words
 * saying so) is given.
 */
export function rejectionErrorsOf(
  draft: RejectionDraft,
  reasonRequired: string,
  noteRequired: string | null,
): RejectionErrors {
  return {
    ...(draft.reasonCode === '' ? { reasonCode: reasonRequired } : {}),
    ...(noteRequired !== null && !draft.note.trim() ? { note: noteRequired } : {}),
  };
}

/**
 * A decision's reason and note: the reason picked from the list (system reasons such as
 * `expired` cannot be picked; administrators may add one), then the note, each with its error
 * under it. Ids and test ids are `<idPrefix>-reason-code` and `<idPrefix>-reason`. Editing a
 * field clears its error.
 */
export function RejectionFields({
  idPrefix,
  draft,
  noteLabel,
  noteMaxLength,
  errors,
  onChange,
}: {
  idPrefix: string;
  draft: RejectionDraft;
  noteLabel: string;
  noteMaxLength: number;
  errors: RejectionErrors;
  onChange: (draft: RejectionDraft, errors: RejectionErrors) => void;
}) {
  const { t } = useTranslation();
  const reasons = (useQuery(rejectReasonsQuery()).data?.rows ?? []).filter(
    (reason) => !reason.is_system,
  );
  const pick = (reasonCode: string) =>
    onChange({ ...draft, reasonCode }, { ...errors, reasonCode: undefined });
  return (
    <>
      {draft.reasonCode !== null && (
        <div className="mb-3">
          <SelectField
            id={`${idPrefix}-reason-code`}
            label={t('money.reasonCode')}
            className="mb-0"
            value={draft.reasonCode}
            error={errors.reasonCode}
            onChange={(e) => pick(e.target.value)}
            data-testid={`${idPrefix}-reason-code`}
          >
            <option value="">{t('money.chooseReason')}</option>
            {reasons.map((reason) => (
              <option key={reason.code} value={reason.code}>
                {reason.label}
              </option>
            ))}
          </SelectField>
          <RejectReasonAdder onAdded={pick} />
        </div>
      )}
      <label htmlFor={`${idPrefix}-reason`} className="form-label fw-medium">
        {noteLabel}
      </label>
      <textarea
        id={`${idPrefix}-reason`}
        className={`form-control ${errors.note ? 'is-invalid' : ''}`}
        rows={3}
        maxLength={noteMaxLength}
        value={draft.note}
        onChange={(e) =>
          onChange({ ...draft, note: e.target.value }, { ...errors, note: undefined })
        }
        data-testid={`${idPrefix}-reason`}
      />
      {errors.note && <div className="invalid-feedback">{errors.note}</div>}
    </>
  );
}
