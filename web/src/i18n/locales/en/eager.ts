import { auth } from './auth';
import { common } from './common';
import { dashboard } from './dashboard';
import { footer } from './footer';
import { languages } from './languages';
import { list } from './list';
import { menu } from './menu';
import { money } from './money';
import { page } from './page';
import { popup } from './popup';
import { profile } from './profile';
import { routes } from './routes';
import { security } from './security';
import { settings } from './settings';
import { accounts } from './accounts';
import { contracts } from './contracts';
import { topbar } from './topbar';
import { feedback } from './feedback';

/**
 * The English the app ships with: every namespace but those of screens that load their own
 * (`SCREEN_NAMESPACES` in ../../screen-namespaces.ts), so /login's first load stays small.
 */
export const enEager = {
  common,
  topbar,
  footer,
  settings,
  languages,
  popup,
  feedback,
  menu,
  routes,
  page,
  auth,
  profile,
  security,
  dashboard,
  list,
  money,
  accounts,
  contracts,
};
