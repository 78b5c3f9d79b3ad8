import { registerAccountCalls } from './modules/accounts/accounts.calls';
import { registerAdminLogCalls } from './modules/admin-logs/admin-logs.calls';
import { registerAppSettingsCalls } from './modules/app-settings/app-settings.calls';
import { registerAuthCalls } from './modules/auth/auth.calls';
import { registerLoginIpCalls } from './modules/security/login-ips.calls';
import { registerOtpCalls } from './modules/security/otp.calls';
import { registerPasswordCalls } from './modules/security/password.calls';
import { registerProfileCalls } from './modules/security/profile.calls';
import { registerSessionCalls } from './modules/security/sessions.calls';
import { registerBalanceCalls } from './modules/balances/balances.calls';
import { registerContractCalls } from './modules/contracts/contracts.calls';
import { registerCurrencyCalls } from './modules/currencies/currencies.calls';
import { registerDashboardCalls } from './modules/dashboard/dashboard.calls';
import { registerGatewayCalls } from './modules/gateways/gateways.calls';
import { registerPayinCalls } from './modules/payins/payins.calls';
import { registerPayoutCalls } from './modules/payouts/payouts.calls';
import { registerSettlementCalls } from './modules/settlements/settlements.calls';
import { registerTopUpCalls } from './modules/top-ups/top-ups.calls';
import { registerWithdrawalCalls } from './modules/withdrawals/withdrawals.calls';
import { CallRegistry } from './http/registry';

/** Every back-office call the server answers, by area. */
export function buildCallRegistry(): CallRegistry {
  const registry = new CallRegistry();
  registerAuthCalls(registry);
  registerProfileCalls(registry);
  registerPasswordCalls(registry);
  registerOtpCalls(registry);
  registerLoginIpCalls(registry);
  registerSessionCalls(registry);
  registerAdminLogCalls(registry);
  registerAccountCalls(registry);
  registerCurrencyCalls(registry);
  registerGatewayCalls(registry);
  registerContractCalls(registry);
  registerPayinCalls(registry);
  registerPayoutCalls(registry);
  registerSettlementCalls(registry);
  registerWithdrawalCalls(registry);
  registerTopUpCalls(registry);
  registerBalanceCalls(registry);
  registerDashboardCalls(registry);
  registerAppSettingsCalls(registry);
  return registry;
}
