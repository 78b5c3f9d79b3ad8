import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SettingChangeRow } from '@bo/contract';
import { PercentText, SettingValueText } from '../../ui/money/setting-changes/setting-change-text';

/**
 * After a rate change beyond the band: nothing changed yet; it waits for a second admin in the
 * approvals queue, with the old rate, the new one and the percentage.
 */
export function PendingRateNotice({ change }: { change: SettingChangeRow }) {
  const { t } = useTranslation();
  return (
    <div className="alert alert-warning" role="status" data-testid="usdt-rate-pending">
      <p className="mb-1 fw-semibold">
        {t('administration.usdt.pending', { currency: change.target })}
      </p>
      <p className="mb-1">
        <SettingValueText value={change.old_value} /> →{' '}
        <SettingValueText value={change.new_value} /> (
        <PercentText value={change.change_percent} />)
      </p>
      <Link to="/payouts/pending-list" className="alert-link">
        {t('administration.settingChanges.openQueue')}
      </Link>
    </div>
  );
}
