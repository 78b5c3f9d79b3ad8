import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SettingChangeRow } from '@bo/contract';
import { APPROVALS_QUEUE_PATH, SettingName } from './setting-change-text';

/**
 * Guarded setting changes waiting for a second admin, beside the setting they change: each
 * named, with what `detail` says of it, and the way to the approvals queue. Nothing when none
 * waits.
 */
export function WaitingChangesNote({
  pending,
  title,
  detail,
  testId,
}: {
  pending: readonly SettingChangeRow[];
  title: string;
  /** What follows a change's name (its value, old → new, who asked). */
  detail: (change: SettingChangeRow) => ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  if (pending.length === 0) return null;
  return (
    <div className="alert alert-warning" role="status" data-testid={testId}>
      <p className="mb-1 fw-semibold">{title}</p>
      <ul className="mb-1">
        {pending.map((change) => (
          <li key={change.id}>
            <SettingName change={change} />: {detail(change)}
          </li>
        ))}
      </ul>
      <Link to={APPROVALS_QUEUE_PATH} className="alert-link">
        {t('administration.settingChanges.openQueue')}
      </Link>
    </div>
  );
}
