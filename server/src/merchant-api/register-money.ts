import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/config';
import { registerSandboxGateway } from '../connectors/sandbox/sandbox.routes';
import type { Db } from '../db/db';
import { registerMerchantApi } from './merchant-api.routes';
import { startMoneyJobs } from './money-jobs';
import { submitGatewayCallback } from '../modules/gateway-callbacks/gateway-events';

/** Everything of the money core that is not a back-office call: sandbox gateway, merchant API, jobs. */
export async function registerMoneyRoutes(
  app: FastifyInstance,
  db: Db,
  config: Config,
): Promise<void> {
  await registerSandboxGateway(app, db, config, submitGatewayCallback);
  await registerMerchantApi(app, db, config);
  if (config.moneyJobs) {
    const stop = startMoneyJobs(db, config, app.log);
    app.addHook('onClose', async () => stop());
  }
}
