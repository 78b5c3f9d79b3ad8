import { z } from 'zod';
import type { AccessRule } from '../access';

/**
 * Messages for the cases zod words for developers: a missing field reads "is required" and a
 * field of the wrong type "must be a string"; the server prefixes the field's name.
 */
z.config({
  customError: (issue) => {
    if (issue.code !== 'invalid_type') return undefined;
    if (issue.input === undefined || issue.input === null) return 'is required';
    return `must be a ${issue.expected}`;
  },
});

/**
 * The multipart part a call that takes a file reads it from, sent after the text fields
 * (`CallRegistry.upload` on the server).
 */
export const UPLOAD_FILE_PART = 'file';

/**
 * A back-office call: `POST /controller/admin/<name>`. The request schema describes the
 * fields besides `accessToken` and `accessUsername`; form fields arrive as text, so schemas
 * use the `form*` helpers below to read numbers and flags. Every call names its access rule.
 */
export interface CallDef<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  readonly name: string;
  readonly request: Req;
  readonly response: Res;
  readonly rule: AccessRule;
}

export function defineCall<Req extends z.ZodType, Res extends z.ZodType>(
  def: CallDef<Req, Res>,
): CallDef<Req, Res> {
  return def;
}

export type CallRequest<C extends CallDef> = z.input<C['request']>;
export type CallResponse<C extends CallDef> = z.output<C['response']>;

/** A trimmed text field of bounded length; empty text counts as missing. */
export const formText = (max = 200) =>
  z.string().trim().min(1, 'is required').max(max, `must be at most ${max} characters`);

/** An optional text field: missing or empty becomes undefined. */
export const formOptionalText = (max = 200) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.string().trim().max(max, `must be at most ${max} characters`).optional(),
  );

/**
 * An optional text field a draft keeps or clears: missing keeps what was saved (undefined),
 * sent empty clears it ('').
 */
export const formClearableText = (max = 200) =>
  z.preprocess(
    (v) => (v === null ? undefined : v),
    z.string().trim().max(max, `must be at most ${max} characters`).optional(),
  );

/** A whole number sent as text or number. */
export const formInt = (min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^-?\d+$/.test(v.trim()) ? Number(v) : v),
    z
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(min, `must be at least ${min}`)
      .max(max, `must be at most ${max}`),
  );

/** A 0/1 flag sent as text, number or boolean; read as a boolean. */
export const formFlag = z.preprocess(
  (v) => {
    if (v === '1' || v === 'true' || v === 1 || v === true) return true;
    if (v === '0' || v === 'false' || v === 0 || v === false) return false;
    return v;
  },
  z.boolean({ error: 'must be 0 or 1' }),
);

export const emailField = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'is required')
  .max(254, 'must be at most 254 characters')
  .email('must be an email address');

export const passwordField = z
  .string()
  .min(1, 'is required')
  .max(200, 'must be at most 200 characters');

export const emptyRequest = z.object({});
export const emptyResponse = z.object({}).optional();

/** Page request fields shared by every list call; the page is 1-based. */
export const pageRequest = {
  page: formInt(1, 1_000_000).default(1),
  pageSize: formInt(1, 200).default(25),
};

/** The shape every list call answers with. */
export const pageOf = <T extends z.ZodType>(row: T) =>
  z.object({
    rows: z.array(row),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  });
