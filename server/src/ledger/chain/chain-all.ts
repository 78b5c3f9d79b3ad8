import type { Db } from '../../db/db';
import { chainAdminLog } from './admin-log-chain';
import { chainEntries } from './chainer';

/** Chains what committed since the last run, the entries and the admin log: what runs before a seal. */
export async function chainAll(db: Db): Promise<number> {
  return (await chainEntries(db)) + (await chainAdminLog(db));
}
