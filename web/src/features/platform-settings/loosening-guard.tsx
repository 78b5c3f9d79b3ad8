import { useTranslation } from 'react-i18next';
import type { SettingChangeRow } from '@bo/contract';
import { FormField } from '../../ui/form-field';
import { SettingValueText } from '../../ui/money/setting-changes/setting-change-text';
import { WaitingChangesNote } from '../../ui/money/setting-changes/waiting-changes-note';

/**
 * The sign-in limits card's guard (issue 39): says that loosening a limit waits for a second
 * admin while tightening applies at once, takes the reason that admin reads, and lists the
 * loosenings waiting, each old → new, with the way to the approvals queue.
 */
export function LooseningGuard({
  pending,
  reason,
  reasonError,
  onReason,
}: {
  pending: readonly SettingChangeRow[];
  reason: string;
  reasonError: string | null;
  onReason: (reason: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <p className="small text-muted" data-testid="sign-in-second-admin">
        {t('platformSettings.signInGuard.secondAdmin')}
      </p>
      <WaitingChangesNote
        pending={pending}
        title={t('platformSettings.signInGuard.waiting')}
        testId="sign-in-limits-pending"
        detail={(change) => (
          <>
            <SettingValueText value={change.old_value} /> →{' '}
            <SettingValueText value={change.new_value} />
          </>
        )}
      />
      <FormField
        label={t('platformSettings.approvals.reason')}
        hint={t('platformSettings.signInGuard.reasonHint')}
        maxLength={300}
        value={reason}
        error={reasonError}
        onChange={(e) => onReason(e.target.value)}
        data-testid="sign-in-settings-reason"
      />
    </>
  );
}
