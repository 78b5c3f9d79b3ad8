import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TIMEZONE_CHOICES, type ReportId, type ReportSettings } from '@bo/contract';
import { confirmAction } from '../../lib/popups';
import { announceSuccess } from '../../lib/success-notes';
import { isTimezoneChoice } from '../../lib/time-zone';
import { BusyButton } from '../../ui/busy-button';
import { keepReportSettings } from '../../lib/api/get-report-settings';
import { SettingsCard } from '../../ui/settings-card';
import { sendUpdateReportSettings } from './api/update-report-settings';
import { columnLabels } from './report-column-maps';
import {
  changeCount,
  changesOf,
  draftOf,
  pairOf,
  withColumn,
  withReportShown,
  type ReportSettingDraft,
} from './report-setting-drafts';
import { SelectField } from '../../ui/select-field';
import { useSubmit } from '../../ui/use-submit';

/** One report's card: a checkbox per optional column (checked: shown by default). */
function ReportColumnsCard({
  report,
  columns,
  draft,
  onChange,
}: {
  report: ReportSettings['reports'][number];
  columns: readonly string[];
  draft: ReportSettingDraft;
  onChange: (draft: ReportSettingDraft) => void;
}) {
  const { t } = useTranslation();
  const labels = useMemo(() => columnLabels(report.report, t), [report.report, t]);
  const shown = columns.filter((c) => !draft.hidden.has(pairOf(report.report, c))).length;
  return (
    <SettingsCard
      className="mb-3"
      testId={`report-setting-${report.report}`}
      icon="bi-layout-three-columns"
      title={t(`routes.${report.report}`)}
      text={t('reportBalances.setting.columnsText', { shown, total: columns.length })}
      actions={
        <button
          type="button"
          className="btn btn-sm btn-link"
          disabled={shown === columns.length}
          onClick={() => onChange(withReportShown(draft, report.report))}
        >
          {t('reportBalances.setting.showAll')}
        </button>
      }
    >
      <div className="row g-1">
        {columns.map((column) => {
          const pair = pairOf(report.report, column);
          const id = `report-setting-${report.report}-${column}`;
          return (
            <div key={column} className="col-sm-6 col-xxl-4">
              <div className="form-check mb-0">
                <input
                  id={id}
                  type="checkbox"
                  className="form-check-input"
                  checked={!draft.hidden.has(pair)}
                  onChange={(e) => onChange(withColumn(draft, pair, e.target.checked))}
                  data-testid={id}
                />
                <label className="form-check-label" htmlFor={id}>
                  {labels.get(column) ?? column}
                </label>
              </div>
            </div>
          );
        })}
      </div>
    </SettingsCard>
  );
}

/**
 * The /report-setting form over the saved settings: the default time zone, then one card per
 * report; Save sends the whole setting after a confirmation naming the changes, and keeps the
 * answer so reports open with it at once.
 */
export function ReportSettingForm({ settings }: { settings: ReportSettings }) {
  const { t } = useTranslation();
  const saved = useMemo(() => draftOf(settings), [settings]);
  const [draft, setDraft] = useState(saved);
  const { isBusy, run, error, clearError } = useSubmit();
  const formError = error?.message ?? null;
  const changes = changesOf(saved, draft);
  const count = changeCount(changes);
  const zoneName = (zone: string) =>
    isTimezoneChoice(zone) ? t(`dashboard.timeZones.${zone}`) : zone;
  const columnName = (pair: string) => {
    const [report, column] = pair.split('.') as [ReportId, string];
    return `${t(`routes.${report}`)}: ${columnLabels(report, t).get(column) ?? column}`;
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    clearError();
    if (count === 0) return;
    const words = [
      changes.zone &&
        t('reportBalances.setting.zoneChange', {
          from: zoneName(changes.zone.from),
          to: zoneName(changes.zone.to),
        }),
      (changes.hidden.length > 0 || changes.shown.length > 0) &&
        t('reportBalances.setting.columnsChange', {
          hidden: changes.hidden.map(columnName).join(', ') || '—',
          shown: changes.shown.map(columnName).join(', ') || '—',
        }),
    ].filter(Boolean);
    const question = t('reportBalances.setting.confirm', { changes: words.join(' ') });
    if (!(await confirmAction(question, t('reportBalances.setting.save')))) return;
    await run(async () => {
      const answer = await sendUpdateReportSettings({
        defaultTimeZone: draft.zone,
        hiddenColumns: [...draft.hidden],
      });
      keepReportSettings(answer);
      setDraft(draftOf(answer));
      announceSuccess(t('reportBalances.setting.saved'));
    });
  };

  return (
    <form onSubmit={(e) => void save(e)} noValidate data-testid="report-setting-form">
      <SettingsCard
        className="mb-3"
        testId="report-setting-zone"
        icon="bi-globe2"
        title={t('reportBalances.setting.zoneTitle')}
        text={t('reportBalances.setting.zoneText')}
      >
        <SelectField
          id="report-setting-time-zone"
          label={t('reportBalances.setting.zoneLabel')}
          className="mb-0"
          style={{ maxWidth: '20rem' }}
          value={draft.zone}
          onChange={(e) =>
            isTimezoneChoice(e.target.value) && setDraft({ ...draft, zone: e.target.value })
          }
          data-testid="report-setting-time-zone"
        >
          {TIMEZONE_CHOICES.map((zone) => (
            <option key={zone} value={zone}>
              {zoneName(zone)}
            </option>
          ))}
        </SelectField>
      </SettingsCard>
      <p className="text-muted small">
        <i className="bi bi-info-circle me-1" aria-hidden />
        {t('reportBalances.setting.alwaysShown')}
      </p>
      <div className="row">
        {settings.reports.map((report) => (
          <div key={report.report} className="col-xl-6">
            <ReportColumnsCard
              report={report}
              columns={report.columns.map((c) => c.id)}
              draft={draft}
              onChange={setDraft}
            />
          </div>
        ))}
      </div>
      {formError && (
        <div className="alert alert-danger" role="alert" data-testid="report-setting-error">
          {formError}
        </div>
      )}
      <div className="position-sticky bottom-0 z-1 bg-body border-top d-flex flex-wrap align-items-center gap-2 py-2">
        <BusyButton
          type="submit"
          className="btn-primary"
          isBusy={isBusy}
          disabled={isBusy || count === 0}
          data-testid="report-setting-save"
        >
          <i className="bi bi-check2 me-1" aria-hidden />
          {t('reportBalances.setting.save')}
        </BusyButton>
        <button
          type="button"
          className="btn btn-outline-secondary"
          disabled={isBusy || count === 0}
          onClick={() => {
            setDraft(saved);
            clearError();
          }}
        >
          {t('reportBalances.setting.undo')}
        </button>
        {count > 0 && (
          <span className="text-muted small" data-testid="report-setting-unsaved">
            {t('reportBalances.setting.unsaved', { count })}
          </span>
        )}
      </div>
    </form>
  );
}
