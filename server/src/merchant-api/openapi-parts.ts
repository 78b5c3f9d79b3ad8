import { API_INSTANT_MESSAGE, API_LIST_MAX_LIMIT } from '@bo/contract';
import { z } from 'zod';

// The pieces the merchant API's OpenAPI document is built of (openapi.ts, openapi-reads.ts).

export const schema = (s: z.ZodType) => z.toJSONSchema(s, { target: 'openapi-3.0', io: 'input' });
export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
export const answer = (name: string) => ({ $ref: `#/components/responses/${name}` });

export const json = (name: string, description: string) => ({
  description,
  content: { 'application/json': { schema: ref(name) } },
});
export const idParam = {
  name: 'id',
  in: 'path',
  required: true,
  schema: { type: 'string', format: 'uuid' },
};
/** The query parameters of a list: filters, page size and the cursor. */
export const listParameters = (statuses: readonly string[]) => [
  { name: 'status', in: 'query', required: false, schema: { type: 'string', enum: [...statuses] } },
  {
    name: 'created_from',
    in: 'query',
    required: false,
    schema: { type: 'string', format: 'date-time' },
    description: `Created at or after this instant: it ${API_INSTANT_MESSAGE}`,
  },
  {
    name: 'created_to',
    in: 'query',
    required: false,
    schema: { type: 'string', format: 'date-time' },
    description: `Created before this instant: it ${API_INSTANT_MESSAGE}`,
  },
  {
    name: 'limit',
    in: 'query',
    required: false,
    schema: { type: 'integer', minimum: 1, maximum: API_LIST_MAX_LIMIT, default: 20 },
  },
  {
    name: 'starting_after',
    in: 'query',
    required: false,
    schema: { type: 'string', format: 'uuid' },
    description: 'The last id of the page before: the page after it (newest first)',
  },
];
export const body = (name: string) => ({
  required: true,
  content: { 'application/json': { schema: ref(name) } },
});
export const read = {
  401: answer('Unauthorized'),
  429: answer('RateLimited'),
  500: answer('Internal'),
  503: answer('Unavailable'),
};
export const write = {
  400: answer('BadRequest'),
  401: answer('Unauthorized'),
  409: answer('Conflict'),
  413: answer('TooLarge'),
  429: answer('RateLimited'),
  500: answer('Internal'),
  503: answer('Unavailable'),
};
