import { useTranslation } from 'react-i18next';
import { TIMEZONE_CHOICES, type TimezoneChoice } from '@bo/contract';
import { Spinner } from '../../ui/spinner';
import { ALL_CURRENCIES } from './currency-choice';
import { formatInTimeZone, isTimezoneChoice } from '../../lib/time-zone';
import { currencyNameOf } from '../../lib/currency-name';
import { ToolbarSelect } from '../../ui/select-field';

export interface CurrencyControl {
  readonly value: string | null;
  readonly options: readonly { value: string; name: string }[] | undefined;
  readonly onChange: (currency: string) => void;
}

export interface SwitchControl {
  /** Where the switch stands: the position asked for while the server has not answered. */
  readonly isOn: boolean;
  readonly onChange: (isOn: boolean) => void;
  readonly isBusy?: boolean;
  /** The last change was not taken: the switch went back, and says so. */
  readonly hasFailed?: boolean;
}

/**
 * The controls above the figures: 'Current Overview' currency and Live Updates (non-merchants),
 * the demo-data switch (admins), the time zone of the shown times, and when figures last came.
 */
export function DashboardToolbar({
  currency,
  liveUpdates,
  demoData,
  timeZone,
  onTimeZoneChange,
  updatedAt,
  isFetching,
}: {
  currency: CurrencyControl | null;
  liveUpdates: SwitchControl | null;
  demoData: SwitchControl | null;
  timeZone: TimezoneChoice;
  onTimeZoneChange: (choice: TimezoneChoice) => void;
  updatedAt: number;
  isFetching: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="card dashboard-toolbar" data-testid="dashboard-toolbar">
      <div className="card-body d-flex flex-wrap align-items-center gap-3">
        {currency && (
          <ToolbarSelect
            id="dashboard-currency"
            label={t('dashboard.currentOverview')}
            labelShown="beside"
            labelClassName="fw-semibold"
            className="toolbar-select"
            value={currency.value ?? ''}
            disabled={!currency.options}
            onChange={(event) => currency.onChange(event.target.value)}
            data-testid="currency-select"
          >
            <option value={ALL_CURRENCIES}>{t('dashboard.allCountries')}</option>
            {currency.options?.map((option) => (
              <option key={option.value} value={option.value}>
                {option.value} · {currencyNameOf(t, option.value, option.name)}
              </option>
            ))}
          </ToolbarSelect>
        )}
        {liveUpdates && (
          <Switch
            id="dashboard-live"
            label={t('dashboard.liveUpdates')}
            control={liveUpdates}
            testId="live-updates-switch"
          />
        )}
        {demoData && (
          <Switch
            id="dashboard-demo"
            label={t('dashboard.includeDemoData')}
            control={demoData}
            testId="demo-data-switch"
          />
        )}
        <ToolbarSelect
          id="dashboard-time-zone"
          label={t('dashboard.timeZone')}
          labelShown="beside"
          labelClassName="text-muted"
          icon="bi-globe2"
          boxClassName={currency || demoData ? 'ms-lg-auto' : ''}
          className="toolbar-select"
          value={timeZone}
          onChange={(event) => {
            if (isTimezoneChoice(event.target.value)) onTimeZoneChange(event.target.value);
          }}
          data-testid="time-zone-select"
        >
          {TIMEZONE_CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {t(`dashboard.timeZones.${choice}`)}
            </option>
          ))}
        </ToolbarSelect>
        <div
          className="small text-muted d-flex align-items-center gap-2"
          data-testid="last-updated"
        >
          {isFetching && <Spinner size="sm" label={t('dashboard.updating')} />}
          {updatedAt > 0 && <LastUpdated at={updatedAt} timeZone={timeZone} />}
        </div>
      </div>
    </div>
  );
}

function Switch({
  id,
  label,
  control,
  testId,
}: {
  id: string;
  label: string;
  control: SwitchControl;
  testId: string;
}) {
  const { t } = useTranslation();
  const failedId = `${id}-failed`;
  return (
    <div className="form-check form-switch mb-0 d-flex flex-wrap align-items-center gap-2">
      <input
        id={id}
        className="form-check-input"
        type="checkbox"
        role="switch"
        checked={control.isOn}
        disabled={control.isBusy}
        aria-busy={control.isBusy ?? false}
        aria-describedby={control.hasFailed ? failedId : undefined}
        onChange={(event) => control.onChange(event.target.checked)}
        data-testid={testId}
      />
      <label htmlFor={id} className="form-check-label text-nowrap">
        {label}
      </label>
      {control.isBusy && <Spinner size="sm" />}
      {control.hasFailed && (
        <span
          id={failedId}
          className="text-danger small"
          role="alert"
          data-testid={`${testId}-failed`}
        >
          {t('common.switchFailed')}
        </span>
      )}
    </div>
  );
}

function LastUpdated({ at, timeZone }: { at: number; timeZone: TimezoneChoice }) {
  const { t } = useTranslation();
  const time = formatInTimeZone(new Date(at), timeZone);
  return (
    <span data-testid="last-updated-time" data-time={time}>
      {t('dashboard.lastUpdated', { time })}
    </span>
  );
}
