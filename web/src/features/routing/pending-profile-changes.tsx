import { useTranslation } from 'react-i18next';
import type { SettingChangeRow } from '@bo/contract';
import { isolate } from '../../lib/bidi';
import { useSessionUser } from '../../lib/session';
import { DEFAULT_TIME_ZONE, formatInTimeZone } from '../../lib/time-zone';
import { WaitingChangesNote } from '../../ui/money/setting-changes/waiting-changes-note';
import { ProfileSummaryText } from './profile-summary-text';
import { ProfileStateBadge } from './profile-state-badge';

/** A waiting change's value (`{ active, definition }`, the server's `profileValue`), or null. */
function valueOf(change: SettingChangeRow): { active: boolean; definition: unknown } | null {
  try {
    const value = JSON.parse(change.new_value) as { active?: unknown; definition?: unknown };
    return typeof value.active === 'boolean'
      ? { active: value.active, definition: value.definition }
      : null;
  } catch {
    return null;
  }
}

/** One waiting change: on or off, its steps, who asked and when, and why. */
function ChangeDetail({ change }: { change: SettingChangeRow }) {
  const { t } = useTranslation();
  const zone = useSessionUser()?.profileInfo?.timezone ?? DEFAULT_TIME_ZONE;
  const value = valueOf(change);
  const at = formatInTimeZone(new Date(change.created_at), zone);
  return (
    <span data-testid="routing-pending-change" data-target={change.target}>
      {value ? (
        <>
          <ProfileStateBadge isActive={value.active} />{' '}
          <ProfileSummaryText definition={value.definition} />
        </>
      ) : (
        <span className="small text-danger">{t('routing.summary.unreadable')}</span>
      )}{' '}
      <span className="text-muted small">
        ({t('routing.pending.asked', { name: isolate(change.requested_by), at: isolate(at) })})
      </span>
      {change.reason && (
        <span className="d-block small text-muted text-break">
          <bdi>{change.reason}</bdi>
        </span>
      )}
    </span>
  );
}

/**
 * The routing profile changes waiting for a second admin (guarded setting changes, kind
 * `routing_profile`), each with its place, what it asks, who asked and when, and the way to
 * the approvals queue, where a second admin approves or rejects it.
 */
export function PendingProfileChanges({ pending }: { pending: readonly SettingChangeRow[] }) {
  const { t } = useTranslation();
  return (
    <WaitingChangesNote
      pending={pending}
      title={t('routing.pending.title')}
      testId="routing-pending"
      detail={(change) => <ChangeDetail change={change} />}
    />
  );
}
