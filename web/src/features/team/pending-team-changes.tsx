import { useTranslation } from 'react-i18next';
import type { SettingChangeRow } from '@bo/contract';
import { isolate } from '../../lib/bidi';
import { SettingValueText } from '../../ui/money/setting-changes/setting-change-text';
import { WaitingChangesNote } from '../../ui/money/setting-changes/waiting-changes-note';

/**
 * The invitations and administrator grants waiting for a second admin (guarded setting changes,
 * issue 40), each with its modules and who asked, and the way to the approvals queue.
 */
export function PendingTeamChanges({ pending }: { pending: readonly SettingChangeRow[] }) {
  const { t } = useTranslation();
  return (
    <WaitingChangesNote
      pending={pending}
      title={t('team.pending.title')}
      testId="team-pending"
      detail={(change) => (
        <>
          <SettingValueText value={change.new_value} />{' '}
          <span className="text-muted">
            ({t('team.pending.requestedBy', { name: isolate(change.requested_by) })})
          </span>
        </>
      )}
    />
  );
}
