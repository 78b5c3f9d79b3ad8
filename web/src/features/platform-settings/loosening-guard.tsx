import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SettingChangeRow } from '@bo/contract';
import { FormField } from '../../ui/form-field';
import {
  APPROVALS_QUEUE_PATH,
  SettingName,
  SettingValueText,
} from '../../ui/money/setting-changes/setting-change-text';

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
      {pending.length > 0 && (
        <div className="alert alert-warning" role="status" data-testid="sign-in-limits-pending">
          <p className="mb-1 fw-semibold">{t('platformSettings.signInGuard.waiting')}</p>
          <ul className="mb-1">
            {pending.map((change) => (
              <li key={change.id}>
                <SettingName change={change} />: <SettingValueText value={change.old_value} /> →{' '}
                <SettingValueText value={change.new_value} />
              </li>
            ))}
          </ul>
          <Link to={APPROVALS_QUEUE_PATH} className="alert-link">
            {t('administration.settingChanges.openQueue')}
          </Link>
        </div>
      )}
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
