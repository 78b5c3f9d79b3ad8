import type { Translation } from '../translation';
import { auth } from './auth';
import { common } from './common';
import { dashboard } from './dashboard';
import { footer } from './footer';
import { gallery } from './gallery';
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
import { settlementSetting } from './settlementSetting';
import { accounts } from './accounts';
import { contracts } from './contracts';
import { subAccounts } from './subAccounts';
import { team } from './team';
import { merchantSettings } from './merchantSettings';
import { technical } from './technical';
import { apiDocs } from './apiDocs';
import { gateways } from './gateways';
import { gatewayHealth } from './gatewayHealth';
import { administration } from './administration';
import { platformSettings } from './platformSettings';
import { adminReports } from './adminReports';
import { reportProfit } from './reportProfit';
import { reportLedgers } from './reportLedgers';
import { reportBalances } from './reportBalances';
import { topbar } from './topbar';
import { feedback } from './feedback';
import { refunds } from './refunds';
import { disputes } from './disputes';
import { adjustments } from './adjustments';
import { risk } from './risk';
import { reconciliation } from './reconciliation';
import { riskRules } from './riskRules';
import { riskReview } from './riskReview';
import { routing } from './routing';

/** Arabic (shown right to left). */
export const ar: Translation<'ar'> = {
  common,
  topbar,
  footer,
  settings,
  languages,
  popup,
  feedback,
  refunds,
  disputes,
  adjustments,
  risk,
  reconciliation,
  riskReview,
  routing,
  menu,
  routes,
  page,
  auth,
  profile,
  security,
  gallery,
  dashboard,
  list,
  money,
  settlementSetting,
  accounts,
  contracts,
  subAccounts,
  team,
  merchantSettings,
  technical,
  apiDocs,
  gateways,
  gatewayHealth,
  administration,
  platformSettings,
  adminReports,
  reportProfit,
  reportLedgers,
  reportBalances,
  riskRules,
};
