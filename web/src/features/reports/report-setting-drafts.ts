import type { ReportId, ReportSettings, TimezoneChoice } from '@bo/contract';

/** One optional column of one report, as `updateReportSettings` names it: `report.column`. */
export const pairOf = (report: ReportId, column: string) => `${report}.${column}`;

/** The draft of /report-setting: the default zone and the hidden `report.column` pairs. */
export interface ReportSettingDraft {
  readonly zone: TimezoneChoice;
  readonly hidden: ReadonlySet<string>;
}

/** The draft that matches the saved settings. */
export function draftOf(settings: ReportSettings): ReportSettingDraft {
  return {
    zone: settings.default_time_zone,
    hidden: new Set(
      settings.reports.flatMap((r) =>
        r.columns.filter((c) => !c.shown).map((c) => pairOf(r.report, c.id)),
      ),
    ),
  };
}

/** What a draft changes from the saved settings: the zone, columns newly hidden and shown. */
export function changesOf(saved: ReportSettingDraft, draft: ReportSettingDraft) {
  return {
    zone: saved.zone !== draft.zone ? { from: saved.zone, to: draft.zone } : null,
    hidden: [...draft.hidden].filter((pair) => !saved.hidden.has(pair)),
    shown: [...saved.hidden].filter((pair) => !draft.hidden.has(pair)),
  };
}

/** How many things a draft changes (zone and each column). */
export function changeCount(changes: ReturnType<typeof changesOf>): number {
  return (changes.zone ? 1 : 0) + changes.hidden.length + changes.shown.length;
}

/** The draft with one column shown or hidden. */
export function withColumn(
  draft: ReportSettingDraft,
  pair: string,
  shown: boolean,
): ReportSettingDraft {
  const hidden = new Set(draft.hidden);
  if (shown) hidden.delete(pair);
  else hidden.add(pair);
  return { ...draft, hidden };
}

/** The draft with every optional column of a report shown. */
export function withReportShown(draft: ReportSettingDraft, report: ReportId): ReportSettingDraft {
  const prefix = `${report}.`;
  return { ...draft, hidden: new Set([...draft.hidden].filter((p) => !p.startsWith(prefix))) };
}
