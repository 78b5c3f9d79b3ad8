import { useTranslation } from 'react-i18next';
import type { SettingChangeRow } from '@bo/contract';

/** Where a second admin decides the waiting setting changes (above every approvals queue). */
export const APPROVALS_QUEUE_PATH = '/payouts/pending-list';

/** A percentage from the server ("-90.16") as shown: its sign, "%", kept left to right. */
export function PercentText({ value }: { value: string | null }) {
  if (value === null) return <span className="text-muted">—</span>;
  return (
    <bdi dir="ltr" className="font-monospace" data-testid="setting-change-percent">
      {value.replace('-', '−')}%
    </bdi>
  );
}

/** Which setting a change is of ("USDT rate of THB"). */
export function SettingName({ change }: { change: Pick<SettingChangeRow, 'kind' | 'target'> }) {
  const { t } = useTranslation();
  return (
    <>
      {t(`administration.settingChanges.kind.${change.kind}`)}
      {change.target && (
        <>
          {' '}
          <bdi className="fw-semibold">{change.target}</bdi>
        </>
      )}
    </>
  );
}

/** A value of a change, kept left to right ("none" when there was or will be none). */
export function SettingValueText({ value }: { value: string | null }) {
  const { t } = useTranslation();
  return (
    <bdi dir="ltr" className="font-monospace">
      {value || t('administration.settingChanges.none')}
    </bdi>
  );
}
