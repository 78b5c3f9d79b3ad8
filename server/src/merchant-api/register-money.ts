import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { registerSandboxGateway } from '../connectors/sandbox/sandbox.routes';
import type { Db } from '../db/db';
import { registerMerchantApi } from './merchant-api.routes';
import { startMoneyJobs } from './notifier';

/** Everything of the money core that is not a back-office call: sandbox gateway, merchant API, jobs. */
export async function registerMoneyRoutes(
  app: FastifyInstance,
  db: Db,
  config: Config,
): Promise<void> {
  await registerSandboxGateway(app, db, config);
  await registerMerchantApi(app, db, config);
  if (config.moneyJobs) {
    const stop = startMoneyJobs(db, config, app.log);
    app.addHook('onClose', async () => stop());
  }
}
