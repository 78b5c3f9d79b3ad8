import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@bo/contract';
import { ApiError } from '../../lib/api-error';
import { Dialog } from '../dialog';
import { goesInBulk, sendDecision, type DecisionOutcome } from './api/send-decision';
import { DECISION_TONES, decisionWord, type Decision } from './decisions';
import { DecisionOutcomes } from './decision-outcomes';
import { totalsByCurrency, type MoneyItem } from './money-item';
import {
  RejectionFields,
  rejectionErrorsOf,
  type RejectionDraft,
  type RejectionErrors,
} from './rejection-fields';
import { announceSuccess } from '../../lib/success-notes';
import { DialogFooter } from '../dialog-footer';
import {
  BankTransferFields,
  bankTransferErrorsOf,
  bankTransferFields,
  newBankTransfer,
  type BankTransferErrors,
} from './bank-transfer-fields';

/**
 * Confirms a decision on one or several items, showing what will move first (its effect, the
 * count and total per currency); a rejection asks for a reason from the list and a note, an
 * in-house outcome for its reference. Several items go as one bulk call when the queue has one.
 * The outcome of each item is listed unless one item simply moved on.
 */
export function DecisionDialog<Row extends MoneyItem>({
  decision,
  rows,
  kindLabel,
  effect,
  onClose,
}: {
  decision: Decision<Row>;
  rows: readonly Row[];
  kindLabel: string;
  /** What the decision does, when not a money item's (`money.effect.<verb>`). */
  effect?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<RejectionDraft>({
    reasonCode: decision.asks === 'rejection' ? '' : null,
    note: '',
  });
  const [errors, setErrors] = useState<RejectionErrors>({});
  const asksTransfer = decision.asks === 'bank_transfer';
  const [transfer, setTransfer] = useState(newBankTransfer);
  const [transferErrors, setTransferErrors] = useState<BankTransferErrors>({});
  const [busy, setBusy] = useState(false);
  const [outcomes, setOutcomes] = useState<DecisionOutcome[] | null>(null);
  const verb = decisionWord(t, decision as Decision<never>);
  const noteRequired = decision.asks === 'rejection' || decision.asks === 'reference';
  const validate = () =>
    rejectionErrorsOf(
      draft,
      t('money.reasonCodeRequired'),
      noteRequired ? t(`money.noteRequired.${decision.asks}`) : null,
    );
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate();
    const foundTransfer = asksTransfer
      ? bankTransferErrorsOf(transfer, {
          required: t('money.request.required'),
          reference: t('money.transfer.badReference'),
          date: t('money.transfer.badDate'),
          account: t('money.transfer.badAccount'),
        })
      : {};
    setErrors(found);
    setTransferErrors(foundTransfer);
    if (Object.keys(found).length || Object.values(foundTransfer).some(Boolean)) return;
    setBusy(true);
    try {
      const done = await sendDecision(
        decision as Decision<unknown>,
        rows.map((row) => row.id),
        {
          note: draft.note,
          reasonCode: draft.reasonCode ?? '',
          fields: asksTransfer ? bankTransferFields(transfer) : undefined,
        },
      );
      const movedOn =
        done.length === 1 && done[0]!.ok && done[0]!.approvals === done[0]!.approvals_required;
      if (movedOn) {
        announceSuccess(t(`feedback.success.decision.${decision.verb}`));
        onClose();
      } else if (done.length === 1 && !done[0]!.ok && !goesInBulk(decision as Decision<unknown>, 1))
        setBusy(false);
      else setOutcomes(done);
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure;
      setBusy(false);
    }
  };
  if (outcomes) return <DecisionOutcomes verb={verb} outcomes={outcomes} onClose={onClose} />;
  const label =
    decision.asks === 'note' || asksTransfer
      ? t('money.note')
      : t(`money.noteLabel.${decision.asks}`);
  return (
    <Dialog
      title={t('money.confirmTitle', { verb, kind: kindLabel })}
      onClose={onClose}
      testId="decision-dialog"
      footer={
        <DialogFooter
          busy={busy}
          onCancel={onClose}
          action={{
            label: rows.length > 1 ? t('money.decideMany', { verb, count: rows.length }) : verb,
            form: 'decision-form',
            className: `btn-${DECISION_TONES[decision.verb]}`,
            testId: 'decision-confirm',
          }}
        />
      }
    >
      <form id="decision-form" onSubmit={(e) => void submit(e)} noValidate>
        <p className="mb-2" data-testid="decision-effect">
          {effect ??
            decision.describe?.(t, rows) ??
            t(decision.effect ?? `money.effect.${decision.verb}`)}
        </p>
        {decision.verb === 'approve' && <ApprovalsNeeded rows={rows} />}
        <ul className="list-unstyled mb-3" data-testid="decision-totals">
          {totalsByCurrency(rows).map((total) => (
            <li key={total.currency}>
              <strong>
                <bdi>
                  {formatMoney(total.amount, total.currency)} {total.currency}
                </bdi>
              </strong>{' '}
              <span className="text-muted">{t('money.itemCount', { count: total.count })}</span>
            </li>
          ))}
        </ul>
        {asksTransfer && (
          <BankTransferFields
            draft={transfer}
            errors={transferErrors}
            onChange={(next, nextErrors) => {
              setTransfer(next);
              setTransferErrors(nextErrors);
            }}
          />
        )}
        <RejectionFields
          idPrefix="decision"
          draft={draft}
          noteLabel={label}
          noteMaxLength={decision.asks === 'rejection' ? 500 : 300}
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

/** Before approving one item of a maker-checker queue: how many admins must approve it. */
function ApprovalsNeeded({ rows }: { rows: readonly MoneyItem[] }) {
  const { t } = useTranslation();
  const [row] = rows as readonly Partial<{ approvals: number; approvals_required: number }>[];
  if (rows.length !== 1 || !row?.approvals_required || row.approvals_required < 2) return null;
  return (
    <p className="small text-muted mb-2" data-testid="approvals-needed">
      {t('money.approvalsNeeded', { count: row.approvals ?? 0, required: row.approvals_required })}
    </p>
  );
}
