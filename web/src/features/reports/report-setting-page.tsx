import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../ui/load-failed';
import { RouteTitle } from '../../ui/page-title';
import { reportSettingsQuery } from '../../lib/api/get-report-settings';
import { Spinner } from '../../ui/spinner';
import { ReportSettingForm } from './report-setting-form';

/**
 * /report-setting (admins with the administrator module): which optional columns each report
 * shows by default and the default time zone of reports. The server checks every change
 * against the contract's table of optional columns and logs it before and after.
 */
export default function ReportSettingPage() {
  const { t } = useTranslation();
  // Read afresh on opening: another admin may have changed them since a report read them.
  const settings = useQuery({ ...reportSettingsQuery(), staleTime: 0 });
  return (
    <>
      <RouteTitle />
      <div data-testid="report-setting">
        <p className="text-muted">
          <i className="bi bi-info-circle me-1" aria-hidden />
          {t('reportBalances.setting.intro')}
        </p>
        {settings.data ? (
          <ReportSettingForm settings={settings.data} />
        ) : settings.isError ? (
          <LoadFailed onRetry={() => void settings.refetch()} />
        ) : (
          <Spinner />
        )}
      </div>
    </>
  );
}
