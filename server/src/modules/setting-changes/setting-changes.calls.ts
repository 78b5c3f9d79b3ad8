import {
  approveSettingChange,
  changeUsdtRate,
  getApprovalTiers,
  getPendingSettingChanges,
  getRoutingProfiles,
  rejectSettingChange,
  setApprovalSettings,
  setApprovalTiers,
  setRoutingProfile,
} from '@bo/contract';
import type { CallRegistry } from '../../http/registry';
import { forgetSavedSettings } from '../app-settings/settings.service';
import { SETTING_CHANGE_SUBJECT } from '../approvals/approval-subjects';
import { decide } from '../money-flow/decision';
import { askApprovalSettings } from './approval-settings-change';
import { askApprovalTiers, readApprovalTiers } from './approval-tiers-change';
import {
  applySettingChange,
  listPendingSettingChanges,
  rejectSettingChangeRow,
} from './setting-changes.service';
import { changeUsdtRateGuarded } from './usdt-rate-change';
import { askRoutingProfile, readRoutingProfiles } from './routing-profile-change';

/**
 * Guarded settings (administrator module): the calls that change a setting moving everyone's
 * money (`changeUsdtRate` beyond its band, `setApprovalSettings`, `setApprovalTiers` and its
 * reader `getApprovalTiers`, `setRoutingProfile` and its reader `getRoutingProfiles`), the queue of changes waiting
 * for a second admin, and its decisions through the money-out maker-checker (`decide`,
 * `recordApproval`: one person is one approver, never the one who asked nor an account of
 * theirs), each in one transaction with its admin-log entry.
 */
export function registerSettingChangeCalls(registry: CallRegistry): void {
  registry
    .user(changeUsdtRate, (ctx, input) => changeUsdtRateGuarded(ctx, input))
    .user(setApprovalSettings, (ctx, input) => askApprovalSettings(ctx, input))
    .user(getApprovalTiers, (ctx) => readApprovalTiers(ctx.db))
    .user(setApprovalTiers, (ctx, input) => askApprovalTiers(ctx, input))
    .user(getRoutingProfiles, (ctx) => readRoutingProfiles(ctx.db))
    .user(setRoutingProfile, (ctx, input) => askRoutingProfile(ctx, input))
    .user(getPendingSettingChanges, async (ctx) => ({
      rows: await listPendingSettingChanges(ctx.db),
    }))
    .user(approveSettingChange, async (ctx, input) => {
      const answer = await decide(ctx, {
        action: 'setting_change.approve',
        targetType: 'setting_change',
        target: 'approved',
        id: input.id,
        reason: input.reason,
        approval: SETTING_CHANGE_SUBJECT,
        change: (tx) => applySettingChange(tx, ctx, input.id, new Date()),
      });
      // A sign-in limit put in force is read through the settings cache: emptied once committed.
      forgetSavedSettings();
      return answer;
    })
    .user(rejectSettingChange, (ctx, input) =>
      decide(ctx, {
        action: 'setting_change.reject',
        targetType: 'setting_change',
        target: 'rejected',
        id: input.id,
        rejection: {
          reasonCode: input.reasonCode,
          note: input.note,
          subject: SETTING_CHANGE_SUBJECT,
        },
        change: (tx) => rejectSettingChangeRow(tx, input.id, new Date()),
      }),
    );
}
