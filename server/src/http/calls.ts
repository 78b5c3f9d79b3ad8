import { registerAccountCalls } from '../modules/accounts/accounts.calls';
import { registerAdminLogCalls } from '../modules/admin-logs/admin-logs.calls';
import { registerAuthCalls } from '../modules/auth/auth.calls';
import { registerLoginIpCalls } from '../modules/security/login-ips.calls';
import { registerOtpCalls } from '../modules/security/otp.calls';
import { registerPasswordCalls } from '../modules/security/password.calls';
import { registerProfileCalls } from '../modules/security/profile.calls';
import { registerSessionCalls } from '../modules/security/sessions.calls';
import { CallRegistry } from './registry';

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
  return registry;
}
