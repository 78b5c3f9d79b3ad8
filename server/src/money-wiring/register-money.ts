import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/config';
import { registerSandboxGateway } from '../connectors/sandbox/sandbox.routes';
import type { Db } from '../db/db';
import { registerMerchantApi } from '../merchant-api/merchant-api.routes';
import { startMoneyJobs } from './money-jobs';
import { submitGatewayCallback } from '../modules/gateway-callbacks/gateway-events';
import { withSandboxDisputes } from '../modules/disputes/sandbox-disputes';

/**
 * Everything of the money core that is not a back-office call: sandbox gateway (and its
 * disputes under auto-pay), merchant API, jobs.
 */
export async function registerMoneyRoutes(
  app: FastifyInstance,
  db: Db,
  config: Config,
): Promise<void> {
  // With auto-pay, the sandbox disputes a share of the pay-ins it completes (0: none).
  const sink =
    config.sandboxAutoPay && config.sandboxDisputeRate > 0
      ? withSandboxDisputes(submitGatewayCallback, config.sandboxDisputeRate, app.log)
      : submitGatewayCallback;
  await registerSandboxGateway(app, db, config, sink);
  await registerMerchantApi(app, db, config);
  if (config.moneyJobs) {
    const stop = startMoneyJobs(db, config, app.log);
    app.addHook('onClose', async () => stop());
  }
}
