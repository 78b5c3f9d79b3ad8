import type { Queryable } from '../../db/db';
import { readSavedSetting, saveSettings } from './settings.service';

/** The settings key of whether every admin must use 2FA (issue 40, the team screen). */
const KEY = 'team_requires_two_factor';

/** Whether every admin must use 2FA: then one without it sets it up at their next sign-in. */
export async function isTeamTwoFactorRequired(q: Queryable): Promise<boolean> {
  return (await readSavedSetting(q, KEY)) === '1';
}

/** Saves whether every admin must use 2FA (a transaction's work; the cache is emptied). */
export async function saveTeamTwoFactorRequired(tx: Queryable, required: boolean): Promise<void> {
  await saveSettings(tx, [[KEY, required ? '1' : '0']]);
}
