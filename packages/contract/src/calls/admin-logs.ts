import { z } from 'zod';
import { RULES } from '../access';
import { defineCall, formOptionalText, pageOf, pageRequest } from './define';
import { formOptionalDate } from './money-fields';

export const adminLogRow = z.object({
  id: z.string(),
  created_at: z.string(),
  actor_username: z.string(),
  actor_account_type: z.string(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  client_ip: z.string(),
  outcome: z.enum(['success', 'failure']),
  before: z.unknown(),
  after: z.unknown(),
  request_id: z.string(),
});
export type AdminLogRow = z.infer<typeof adminLogRow>;

export const getAdminLogs = defineCall({
  name: 'getAdminLogs',
  request: z.object({
    ...pageRequest,
    action: formOptionalText(80),
    actor: formOptionalText(120),
    targetId: formOptionalText(80),
    from: formOptionalDate,
    to: formOptionalDate,
  }),
  response: pageOf(adminLogRow),
  rule: RULES.administrator,
});
