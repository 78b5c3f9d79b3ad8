import { getAdminLogs } from '@bo/contract';
import type { CallRegistry } from '../../http/registry';
import { findAdminLogs } from './admin-logs.queries';

export function registerAdminLogCalls(registry: CallRegistry): void {
  registry.user(getAdminLogs, (ctx, input) => findAdminLogs(ctx.db, input));
}
