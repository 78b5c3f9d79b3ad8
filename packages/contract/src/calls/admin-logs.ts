import { z } from 'zod';
import { RULES } from '../access';
import { TIMEZONE_CHOICES } from '../accounts';
import { defineCall, formOptionalText, pageRequest } from './define';
import { instantText, listPageOf, SORT_DIRECTIONS, sortField } from './list';
import { formOptionalDate } from './money-fields';

export const adminLogRow = z.object({
  id: z.string(),
  created_at: instantText,
  actor_username: z.string(),
  actor_account_type: z.string(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  client_ip: z.string(),
  outcome: z.enum(['success', 'failure']),
  /** The state before and after the change (objects on screen; JSON text in an export). */
  before: z.unknown(),
  after: z.unknown(),
  request_id: z.string(),
});
export type AdminLogRow = z.infer<typeof adminLogRow>;

const optionalChoice = <const T extends readonly string[]>(values: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(values).optional());

/**
 * The admin log, newest first, as a list (page, export). Filters: `action` (exact, or a
 * prefix ending at a dot: "sign_in" finds "sign_in.failed"), `actor` (part of the username,
 * any case), `targetType` and `targetId` (exact), `clientIp` (exact, or a prefix such as
 * "10.0."), `from`/`to` (inclusive instants). Entries are appended by the changes they
 * record; no call edits or removes one.
 */
export const getAdminLogs = defineCall({
  name: 'getAdminLogs',
  request: z.object({
    ...pageRequest,
    sort: sortField(['created_at'] as const),
    direction: optionalChoice(SORT_DIRECTIONS),
    action: formOptionalText(80),
    actor: formOptionalText(120),
    targetType: formOptionalText(60),
    targetId: formOptionalText(80),
    clientIp: formOptionalText(60),
    from: formOptionalDate,
    to: formOptionalDate,
    timeZone: optionalChoice(TIMEZONE_CHOICES),
  }),
  response: listPageOf(adminLogRow),
  rule: RULES.administrator,
});
