import { z } from 'zod';
import { RULES } from '../access';
import { ROUTING_DIRECTIONS, ROUTING_SCOPES } from '../routing/profile-schema';
import { defineCall, emptyRequest, formOptionalText, formText } from './define';
import { instantText } from './list';
import { formCurrency } from './money-fields';
import { settingChangeRow } from './setting-changes';

/**
 * Gateway routing (issue 43; docs/routing.md): the profiles in force and the changes of them
 * waiting for a second admin. A profile is one per scope (the platform, a reseller for its
 * merchants, one merchant), currency and direction; the most specific one routes.
 */
export const routingProfileRow = z.object({
  id: z.string(),
  direction: z.enum(ROUTING_DIRECTIONS),
  currency: z.string(),
  scope: z.enum(ROUTING_SCOPES),
  /** The reseller's or merchant's account code; empty for the platform's profile. */
  account_code: z.string(),
  version: z.number().int(),
  active: z.boolean(),
  /** The definition in force, as canonical JSON (`readRoutingProfile` reads it). */
  definition: z.string(),
  updated_at: instantText,
});
export type RoutingProfileRow = z.infer<typeof routingProfileRow>;

export const routingProfiles = z.object({
  rows: z.array(routingProfileRow),
  pending_changes: z.array(settingChangeRow),
});
export type RoutingProfiles = z.infer<typeof routingProfiles>;

/** Every routing profile, by direction, currency and scope, and the changes waiting. */
export const getRoutingProfiles = defineCall({
  name: 'getRoutingProfiles',
  request: emptyRequest,
  response: routingProfiles,
  rule: RULES.administrator,
});

/**
 * Asks to put a routing profile in force (a new version of the one at its place, or the first):
 * `definition` is its JSON, checked as on save (each part named when wrong; every gateway it
 * names an active one of its currency); `active` "false" switches it off, so the next less
 * specific profile routes. It waits for a second admin as every guarded setting does
 * (docs/security.md, Guarded settings), with the `reason` they read. The profile in force,
 * unchanged, is a 409.
 */
export const setRoutingProfile = defineCall({
  name: 'setRoutingProfile',
  request: z.object({
    direction: z.enum(ROUTING_DIRECTIONS, {
      error: `must be one of ${ROUTING_DIRECTIONS.join(', ')}`,
    }),
    currency: formCurrency,
    scope: z.enum(ROUTING_SCOPES, { error: `must be one of ${ROUTING_SCOPES.join(', ')}` }),
    /** The reseller's or merchant's account code (not for the platform's profile). */
    accountCode: formOptionalText(40),
    definition: formText(20_000),
    active: z.enum(['true', 'false'], { error: 'must be true or false' }).default('true'),
    reason: formText(300),
  }),
  response: routingProfiles,
  rule: RULES.administrator,
});
