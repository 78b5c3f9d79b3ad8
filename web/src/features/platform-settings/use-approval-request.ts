import { useState } from 'react';
import type { ApprovalTierKind } from '@bo/contract';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-error';
import { describeFieldProblem } from '../../lib/field-problem';
import { confirmAction } from '../../lib/popups';
import { announceSuccess } from '../../lib/success-notes';
import { keepApprovalSettings } from '../../ui/money/api/get-approval-settings';
import { refreshSettingViews } from '../../ui/money/api/get-pending-setting-changes';
import { keepApprovalTiers } from './api/get-approval-tiers';
import { sendSetApprovalSettings } from './api/set-approval-settings';
import { sendSetApprovalTiers } from './api/set-approval-tiers';

/** Which of the approvals card's settings is being asked for. */
export type ApprovalSetting = 'expiry' | 'band' | 'threshold' | 'tiers';

/**
 * Confirms and asks for a change of `which`, with the card's reason; resolves to the server's
 * refusal for the setting's own field (null when there is none to show there).
 */
export type SendApprovalRequest = (
  which: ApprovalSetting,
  question: string,
  request: Record<string, string>,
) => Promise<string | null>;

/** Confirms and asks for one kind's and currency's approval tiers (setApprovalTiers). */
export type SendTiersRequest = (
  question: string,
  request: { tierKind: ApprovalTierKind; currency: string; bands: string },
) => Promise<string | null>;

/**
 * The approvals card's one reason field and the request every setting of the card sends with
 * it (setApprovalSettings, or setApprovalTiers for the tiers); `busy` names the setting on its
 * way.
 */
export function useApprovalRequest() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<ApprovalSetting | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);

  /** Confirms, then asks with `post` (given the reason) and keeps the answer it gives. */
  const ask = async (
    which: ApprovalSetting,
    question: string,
    post: (reason: string) => Promise<{ pending_changes: readonly unknown[] }>,
  ): Promise<string | null> => {
    if (!reason.trim()) {
      setReasonError(t('platformSettings.approvals.reasonRequired'));
      return null;
    }
    if (!(await confirmAction(question, t('platformSettings.save')))) return null;
    setBusy(which);
    try {
      const saved = await post(reason.trim());
      setReason('');
      void refreshSettingViews();
      announceSuccess(
        t(
          saved.pending_changes.length
            ? 'platformSettings.approvals.waiting'
            : 'platformSettings.saved',
        ),
      );
      return null;
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure;
      // A refused reason shows under the reason; any other refusal under the setting's field.
      if (failure.field?.field === 'reason') {
        setReasonError(describeFieldProblem(failure.field, t));
        return null;
      }
      return failure.message;
    } finally {
      setBusy(null);
    }
  };

  const send: SendApprovalRequest = (which, question, request) =>
    ask(which, question, async (why) => {
      const saved = await sendSetApprovalSettings({ ...request, reason: why });
      keepApprovalSettings(saved);
      return saved;
    });

  const sendTiers: SendTiersRequest = (question, request) =>
    ask('tiers', question, async (why) => {
      const saved = await sendSetApprovalTiers({ ...request, reason: why });
      keepApprovalTiers(saved);
      return saved;
    });

  const changeReason = (text: string) => {
    setReason(text);
    setReasonError(null);
  };

  return { busy, reason, reasonError, changeReason, send, sendTiers };
}
