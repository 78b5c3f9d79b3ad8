import { useTranslation } from 'react-i18next';
import { MAX_APPROVAL_EXPIRY_HOURS, USDT_RATE_BAND_BOUNDS, type ApprovalTiers } from '@bo/contract';
import { FormField } from '../../ui/form-field';
import { SettingsCard } from '../../ui/settings-card';
import type { ApprovalSettingsAnswer } from '../../ui/money/api/get-approval-settings';
import { ApprovalThresholds } from './approval-thresholds';
import { ApprovalTiersSection } from './approval-tiers';
import { useApprovalRequest } from './use-approval-request';
import { WholeNumberForm } from './whole-number-form';

/**
 * Maker-checker: the hours a request waits before the expiry sweep rejects it, and per currency
 * the amount from which a pay-out, settlement or withdrawal needs two approvers (0: every
 * amount), the approval tiers by amount that replace that threshold per kind and currency,
 * and the band within which a USDT rate change applies at once. Each is asked for
 * through setApprovalSettings (the tiers through setApprovalTiers) after a confirmation, with
 * the reason the second admin reads
 * (required, one field for the card), and applies once a second admin approves it in the
 * approvals queue (guarded settings); the server logs them.
 */
export function ApprovalsCard({
  settings,
  tiers,
}: {
  settings: ApprovalSettingsAnswer;
  tiers: ApprovalTiers;
}) {
  const { t } = useTranslation();
  const { busy, reason, reasonError, changeReason, send, sendTiers } = useApprovalRequest();

  return (
    <SettingsCard
      className="mb-3"
      testId="approval-settings"
      icon="bi-people"
      title={t('platformSettings.cards.approvals.title')}
      text={t('platformSettings.cards.approvals.text')}
    >
      <p className="small text-muted" data-testid="approvals-second-admin">
        {t('platformSettings.approvals.secondAdmin')}
      </p>
      <FormField
        label={t('platformSettings.approvals.reason')}
        hint={t('platformSettings.approvals.reasonHint')}
        maxLength={300}
        value={reason}
        error={reasonError}
        onChange={(e) => changeReason(e.target.value)}
        data-testid="approval-settings-reason"
      />
      <hr />
      <WholeNumberForm
        label={t('platformSettings.approvals.expiry')}
        hint={t('platformSettings.approvals.expiryHint')}
        saved={settings.expiry_hours}
        bounds={[1, MAX_APPROVAL_EXPIRY_HOURS]}
        isBusy={busy === 'expiry'}
        isLocked={busy !== null}
        onSave={(n) =>
          send('expiry', t('platformSettings.approvals.confirmExpiry', { hours: n }), {
            expiryHours: String(n),
          })
        }
        testId="expiryHours"
      />
      <hr />
      <WholeNumberForm
        label={t('platformSettings.approvals.band')}
        hint={t('platformSettings.approvals.bandHint')}
        saved={settings.usdt_rate_band_percent}
        bounds={USDT_RATE_BAND_BOUNDS}
        isBusy={busy === 'band'}
        isLocked={busy !== null}
        onSave={(n) =>
          send('band', t('platformSettings.approvals.confirmBand', { percent: n }), {
            usdtRateBandPercent: String(n),
          })
        }
        testId="usdtRateBandPercent"
      />
      <hr />
      <ApprovalThresholds thresholds={settings.thresholds} busy={busy} send={send} />
      <hr />
      <ApprovalTiersSection
        tiers={tiers}
        thresholds={settings.thresholds}
        busy={busy}
        sendTiers={sendTiers}
      />
    </SettingsCard>
  );
}
