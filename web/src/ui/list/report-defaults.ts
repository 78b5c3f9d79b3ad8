import { useQuery } from '@tanstack/react-query';
import {
  DEFAULT_REPORT_TIME_ZONE,
  isReportCall,
  reportOfCall,
  type CallDef,
  type ReportSettings,
  type TimezoneChoice,
} from '@bo/contract';
import { DEFAULT_TIME_ZONE } from '../../lib/time-zone';
import { reportSettingsQuery } from '../../lib/api/get-report-settings';

/** What a report starts with when the URL and the user say nothing (/report-setting). */
export interface ReportDefaults {
  /** The settings are in (or could not be read): the report may ask for its page. */
  readonly ready: boolean;
  /** The zone a report starts in without `timeZone` in the URL; Default for other lists. */
  readonly timeZone: TimezoneChoice;
  /** The optional columns the report hides while the user has no column choice of their own. */
  readonly hiddenColumns: readonly string[];
}

const NONE: readonly string[] = [];

/** The defaults of one report from the settings' answer (none while it is not in). */
export function reportDefaultsOf(
  settings: ReportSettings | undefined,
  callName: string,
): Omit<ReportDefaults, 'ready'> {
  const report = reportOfCall(callName);
  const columns = settings?.reports.find((r) => r.report === report)?.columns ?? [];
  const hidden = columns.filter((c) => !c.shown).map((c) => c.id);
  return {
    timeZone: settings?.default_time_zone ?? DEFAULT_REPORT_TIME_ZONE,
    hiddenColumns: hidden.length ? hidden : NONE,
  };
}

/**
 * The defaults a list call starts with: a report's (a call whose answer says which period it
 * read) come from the report settings, read once and shared by every report; any other list has
 * none and is ready at once. A report whose settings could not be read starts as if none were
 * saved (Default zone, every column), rather than not at all.
 */
export function useReportDefaults(call: CallDef): ReportDefaults {
  const isReport = isReportCall(call);
  const settings = useQuery({ ...reportSettingsQuery(), enabled: isReport });
  if (!isReport) return { ready: true, timeZone: DEFAULT_TIME_ZONE, hiddenColumns: NONE };
  return {
    ready: settings.isSuccess || settings.isError,
    ...reportDefaultsOf(settings.data, call.name),
  };
}
