import {
  formatAmount,
  MAX_AMOUNT_MINOR,
  readAmount,
  type ApprovalSettings,
  type SettingChangeKind,
  type SettingChangeRow,
  type setApprovalSettings,
} from '@bo/contract';
import type { z } from 'zod';
import { badInput, conflict } from '../../core/app-error';
import type { UserCallContext } from '../../core/context';
import { readApprovalSettings } from '../approvals/approval-settings';
import { GUARDED_SETTINGS } from './guarded-settings';
import { askSettingChange } from './setting-changes.service';

type Input = z.output<(typeof setApprovalSettings)['request']>;

/** The settings this call names, each as the value asked (as its change row shows it). */
function askedValues(input: Input): { kind: SettingChangeKind; target: string; value: string }[] {
  const asked: { kind: SettingChangeKind; target: string; value: string }[] = [];
  if (input.expiryHours !== undefined)
    asked.push({ kind: 'approval_expiry', target: '', value: String(input.expiryHours) });
  if (input.currency !== undefined && input.minAmount !== undefined) {
    const read = readAmount(input.minAmount, input.currency);
    if (!read.ok) throw badInput(`minAmount ${read.message}`);
    if (read.minor > MAX_AMOUNT_MINOR) throw badInput('minAmount is too large');
    const value = formatAmount(read.minor, input.currency);
    asked.push({ kind: 'approval_threshold', target: input.currency, value });
  }
  if (input.usdtRateBandPercent !== undefined)
    asked.push({ kind: 'usdt_rate_band', target: '', value: String(input.usdtRateBandPercent) });
  return asked;
}

/**
 * `setApprovalSettings`: every setting it names whose value differs from the one in force is
 * asked for as a guarded change, one per setting, in one transaction; none applies until a
 * second admin approves it (docs/security.md, Guarded settings: any change of the maker-checker
 * settings themselves needs four eyes). Asking only for values already in force is a 409.
 * Answers the settings still in force and the changes now waiting.
 */
export async function askApprovalSettings(
  ctx: UserCallContext,
  input: Input,
): Promise<ApprovalSettings & { pending_changes: SettingChangeRow[] }> {
  const asked = askedValues(input);
  return ctx.db.transaction(async (tx) => {
    const pending: SettingChangeRow[] = [];
    for (const a of asked) {
      const before = await GUARDED_SETTINGS[a.kind].current(tx, a.target, ctx.config);
      if (before.text === a.value) continue;
      pending.push(
        await askSettingChange(tx, ctx, { ...a, before, newValue: a.value, reason: input.reason }),
      );
    }
    if (!pending.length) throw conflict('These approval settings are already in force');
    return { ...(await readApprovalSettings(tx)), pending_changes: pending };
  });
}
