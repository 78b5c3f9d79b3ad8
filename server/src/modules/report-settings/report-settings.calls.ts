import { getReportSettings, updateReportSettings } from '@bo/contract';
import type { CallRegistry } from '../../http/registry';
import { changeReportSettings, readReportSettings } from './report-settings.service';

/**
 * Report settings (/report-setting): every report screen reads them (rule anyUser), admins with
 * the administrator module change them, each change logged before and after.
 */
export function registerReportSettingsCalls(registry: CallRegistry): void {
  registry
    .user(getReportSettings, (ctx) => readReportSettings(ctx.db))
    .user(updateReportSettings, (ctx, input) => changeReportSettings(ctx, input));
}
