import { accounts } from './accounts';
import { contracts } from './contracts';
import { dashboard } from './dashboard';
import { list } from './list';
import { menu } from './menu';
import { money } from './money';
import { profile } from './profile';
import { settings } from './settings';
import { topbar } from './topbar';

/**
 * The English of the signed-in frame (top bar, menus, layout settings, profile) and of the kits
 * that most screens share (lists, money, accounts, contracts, the dashboard): it loads with the
 * frame (app/lazy-app-frame.tsx → `loadSignedInEnglish`), not with /login.
 */
export const enSignedIn = {
  topbar,
  settings,
  menu,
  profile,
  dashboard,
  list,
  money,
  accounts,
  contracts,
};
