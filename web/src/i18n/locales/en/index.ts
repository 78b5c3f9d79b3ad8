import { enEager } from './eager';
import { enSignedIn } from './signed-in';
import { technical } from './technical';
import { apiDocs } from './apiDocs';
import { gallery } from './gallery';
import { gateways } from './gateways';
import { gatewayHealth } from './gatewayHealth';
import { administration } from './administration';
import { platformSettings } from './platformSettings';
import { adminReports } from './adminReports';
import { reportProfit } from './reportProfit';
import { reportLedgers } from './reportLedgers';
import { reportBalances } from './reportBalances';
import { refunds } from './refunds';
import { disputes } from './disputes';
import { adjustments } from './adjustments';
import { risk } from './risk';
import { merchantSettings } from './merchantSettings';
import { settlementSetting } from './settlementSetting';
import { subAccounts } from './subAccounts';
import { team } from './team';
import { reconciliation } from './reconciliation';
import { riskRules } from './riskRules';
import { riskReview } from './riskReview';
import { routing } from './routing';

/**
 * English: the reference every other language must match key for key (see translation.ts).
 * One file per top-level key (namespace); the object keeps one shape for i18next's typing.
 * The app ships `enEager`, loads `enSignedIn` with the signed-in frame and the rest with their
 * screens (../../screen-namespaces.ts).
 */
export const en = {
  ...enEager,
  ...enSignedIn,
  technical,
  apiDocs,
  gallery,
  gateways,
  gatewayHealth,
  administration,
  platformSettings,
  adminReports,
  reportProfit,
  reportLedgers,
  reportBalances,
  refunds,
  disputes,
  adjustments,
  risk,
  merchantSettings,
  settlementSetting,
  subAccounts,
  team,
  reconciliation,
  riskRules,
  riskReview,
  routing,
};
