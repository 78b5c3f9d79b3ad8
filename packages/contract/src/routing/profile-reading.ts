import type { FieldProblem } from '../errors';
import { readDefinition } from '../risk/rule-reading';
import { routingProfileSchema, type RoutingProfileDefinition } from './profile-schema';

export type ProfileReading =
  | { ok: true; definition: RoutingProfileDefinition; canonical: string }
  | { ok: false; problems: FieldProblem[] };

/**
 * Reads a routing profile (an object, or its JSON text as a form sends it) as a risk rule is
 * read: the one reading for the server's save and an editor's check, each problem named by its
 * path (`steps[1].split`).
 */
export const readRoutingProfile = (input: unknown): ProfileReading =>
  readDefinition(routingProfileSchema, input);
