import fc from 'fast-check';
import { encodeMultipart } from './test-app';

/**
 * What the fuzz of both APIs sends (`test/http/edge-input*.test.ts`): values no form should
 * send, and bodies no client should.
 */

/** Text with NUL inside, which PostgreSQL refuses in text: every field must answer it with a 400. */
export const NUL_TEXT = 'a\u0000b';

/**
 * Instants at and past the edges of the accepted years (2000–2999), for every date filter of
 * both APIs. Year 0000 reached PostgreSQL from the merchant API's list filters (a 500).
 */
export const EDGE_YEAR_INSTANTS = {
  /** Outside the years (or no calendar day): a 400 naming the field. */
  refused: [
    '0000-01-01T00:00:00Z',
    '0001-01-01T00:00:00Z',
    '1969-12-31T23:59:59Z',
    '1999-12-31T23:59:59Z',
    '3000-01-01T00:00:00Z',
    '9999-12-31T23:59:59Z',
    '275760-09-13T00:00:00Z',
    '-000001-01-01T00:00:00Z',
    '+010000-01-01T00:00:00Z',
    '2001-02-29T00:00:00Z',
  ],
  /** 2999 as written, in 3000 once in UTC: the rule reads the year written, so it is served. */
  servedPastTheEdge: '2999-12-31T23:59:00-01:00',
} as const;

/** Values no form should send: control characters, odd dates, amounts and numbers, huge. */
export const NASTY = [
  NUL_TEXT,
  '0000-01-01T00:00:00Z',
  '\ud800',
  '-1',
  '0',
  '2026-11-23 garbage 99',
  '2026-02-31',
  // The edges of the accepted years, and past them (a zone east of UTC leaves year 9999).
  '2000-01-01T00:00:00Z',
  '2999-12-31T23:59:59.999Z',
  '9999-12-31T23:59:59.999Z',
  '1e400',
  'NaN',
  '-0.000000001',
  '10.000',
  ' 10',
  '99999999999999999999999999.99',
  'x'.repeat(5_000),
  '00000000-0000-0000-0000-000000000000',
  ' ',
];

/** JSON text of an object nested `levels` deep: `{"a":{"a":…"x"…}}`. */
export const deepJson = (levels: number) => `${'{"a":'.repeat(levels)}"x"${'}'.repeat(levels)}`;

/** JSON text of arrays nested `levels` deep: `[[…]]`. */
export const deepArrays = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

/** Any value of a field: the nasty ones, random text and numbers, objects, deep ones. */
export const nastyValue = fc.oneof(
  fc.constantFrom<unknown>(...NASTY),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer().map(String),
  fc.constantFrom<unknown>(
    { nested: { deep: 1 } },
    ['a', 'b'],
    12,
    true,
    null,
    JSON.parse(deepJson(40)) as unknown,
  ),
);

/** A body that cannot be read as the fields it claims to be, and how it must be answered. */
export interface UnreadableBody {
  readonly label: string;
  readonly contentType: string;
  readonly payload: string | Buffer;
  readonly status: number;
  readonly message: RegExp;
}

const UNREADABLE = /^The request could not be read/;
const NOT_FIELDS = /^The request body must be form fields or a JSON object/;

/** Malformed bodies around `fields` (sent as the first field of each): every one a 4xx. */
export async function unreadableBodies(fields: Record<string, string>): Promise<UnreadableBody[]> {
  const form = await encodeMultipart(fields);
  const [first] = Object.keys(fields);
  const json = (label: string, payload: string, status: number, message: RegExp) => ({
    label,
    contentType: 'application/json',
    payload,
    status,
    message,
  });
  const nested = (inner: string) => `{"${first}":${inner}}`;
  return [
    // 4,000 levels (24 KB) overflowed a recursive walk; 20,000 would overflow any recursion.
    json('JSON 4,000 deep', nested(deepJson(4_000)), 400, /(\.a)+ is nested too deeply/),
    json('JSON 20,000 deep', nested(deepArrays(20_000)), 400, /(\.0)+ is nested too deeply/),
    json('JSON cut short', '{"email": ', 400, UNREADABLE),
    json('JSON, an array', '[1, 2]', 400, NOT_FIELDS),
    json('JSON, empty', '', 400, UNREADABLE),
    {
      label: 'multipart cut short',
      contentType: form.contentType,
      payload: form.body.subarray(0, form.body.length - 20),
      status: 400,
      message: UNREADABLE,
    },
    {
      label: 'multipart without a boundary',
      contentType: 'multipart/form-data',
      payload: form.body,
      status: 400,
      message: UNREADABLE,
    },
    {
      label: 'multipart of another boundary',
      contentType: 'multipart/form-data; boundary=not-the-one',
      payload: form.body,
      status: 400,
      message: UNREADABLE,
    },
    {
      label: 'XML',
      contentType: 'application/xml',
      payload: '<email>a</email>',
      status: 415,
      message: /^Send the fields as multipart form data/,
    },
    {
      label: 'plain text',
      contentType: 'text/plain',
      payload: 'email=a',
      status: 400,
      message: NOT_FIELDS,
    },
  ];
}
