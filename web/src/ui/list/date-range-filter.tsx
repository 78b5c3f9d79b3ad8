import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TimezoneChoice } from '@bo/contract';
import { FilterField } from './filter-field';
import { ToolbarSelect } from '../select-field';
import {
  DATE_PRESETS,
  presetOf,
  presetRange,
  type DatePreset,
  type DayRange,
} from './date-presets';

const CUSTOM = 'custom';

/**
 * The date filter: any time, the spec's presets (whole days in the zone) or a custom range.
 * A list that reads a period even without dates (a report: the last 30 days) says which days it
 * read (`read`) where "Any time" would be, so the filter and the answer never disagree, and a
 * custom range starts from them.
 */
export function DateRangeFilter({
  from,
  to,
  zone,
  read,
  onChange,
}: {
  from: string | undefined;
  to: string | undefined;
  zone: TimezoneChoice;
  read?: DayRange | null;
  onChange: (range: { from?: string; to?: string }) => void;
}) {
  const { t } = useTranslation();
  const now = new Date();
  // Picking "Custom" on a range that is also a preset keeps the range and opens the day boxes.
  const [customPicked, setCustomPicked] = useState(false);
  const preset = from && to ? presetOf({ from, to }, now, zone) : null;
  const chosen = from || to ? (customPicked || !preset ? CUSTOM : preset) : '';
  const choose = (value: string) => {
    setCustomPicked(value === CUSTOM);
    if (value === '') onChange({ from: undefined, to: undefined });
    else if (value === CUSTOM) {
      const start = read ?? presetRange('last1', now, zone);
      onChange({ from: from ?? start.from, to: to ?? start.to });
    } else onChange(presetRange(value as DatePreset, now, zone));
  };
  return (
    <>
      <ToolbarSelect
        id="list-date"
        label={t('list.date')}
        labelShown="above"
        value={chosen}
        onChange={(e) => choose(e.target.value)}
        data-testid="list-date-preset"
      >
        <option value="">
          {read ? t('list.periodRead', { from: read.from, to: read.to }) : t('list.anyTime')}
        </option>
        {DATE_PRESETS.map((preset) => (
          <option key={preset} value={preset}>
            {t(`list.presets.${preset}`)}
          </option>
        ))}
        <option value={CUSTOM}>{t('list.custom')}</option>
      </ToolbarSelect>
      {chosen === CUSTOM && (
        <>
          <FilterField id="list-from" label={t('list.from')}>
            <input
              id="list-from"
              type="date"
              className="form-control form-control-sm"
              value={from ?? ''}
              max={to}
              onChange={(e) => onChange({ from: e.target.value, to })}
              data-testid="list-from"
            />
          </FilterField>
          <FilterField id="list-to" label={t('list.to')}>
            <input
              id="list-to"
              type="date"
              className="form-control form-control-sm"
              value={to ?? ''}
              min={from}
              onChange={(e) => onChange({ from, to: e.target.value })}
              data-testid="list-to"
            />
          </FilterField>
        </>
      )}
    </>
  );
}
