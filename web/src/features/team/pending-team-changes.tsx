import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SettingChangeRow } from '@bo/contract';
import { isolate } from '../../lib/bidi';
import {
  APPROVALS_QUEUE_PATH,
  SettingName,
  SettingValueText,
} from '../../ui/money/setting-changes/setting-change-text';

/**
 * The invitations and administrator grants waiting for a second admin (guarded setting changes,
 * issue 40), each with its modules and who asked, and the way to the approvals queue.
 */
export function PendingTeamChanges({ pending }: { pending: readonly SettingChangeRow[] }) {
  const { t } = useTranslation();
  if (pending.length === 0) return null;
  return (
    <div className="alert alert-warning" role="status" data-testid="team-pending">
      <p className="mb-1 fw-semibold">{t('team.pending.title')}</p>
      <ul className="mb-1">
        {pending.map((change) => (
          <li key={change.id}>
            <SettingName change={change} />: <SettingValueText value={change.new_value} />{' '}
            <span className="text-muted">
              ({t('team.pending.requestedBy', { name: isolate(change.requested_by) })})
            </span>
          </li>
        ))}
      </ul>
      <Link to={APPROVALS_QUEUE_PATH} className="alert-link">
        {t('administration.settingChanges.openQueue')}
      </Link>
    </div>
  );
}
