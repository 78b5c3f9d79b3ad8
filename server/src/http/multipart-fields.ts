import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';

/**
 * A multipart body the parser could not read: cut short ("Unexpected end of multipart data"),
 * without its boundary, a malformed part header. The parser throws these as plain errors, which
 * would read as our own failure (500); they are the request's, so they carry a 400 for
 * `failureOf` to word like any unreadable body.
 */
class UnreadableMultipart extends Error {
  readonly statusCode = 400;
  readonly code = 'BO_UNREADABLE_MULTIPART';
  constructor(cause: unknown) {
    super('The multipart body could not be read', { cause });
  }
}

const hasStatus = (error: unknown) =>
  typeof (error as { statusCode?: unknown } | null)?.statusCode === 'number';

/**
 * Reads multipart bodies into `request.body` as text fields (a name sent twice: a list), as
 * `@fastify/multipart`'s `attachFieldsToBody: 'keyValues'` would, but with its parse failures
 * told apart: the plugin's own refusals keep their status (a file, too many or too large fields
 * or parts: 413), anything else the parser throws is the body's fault (400).
 */
export async function registerMultipartFields(app: FastifyInstance): Promise<void> {
  // Form fields only: a file part, too many fields or an oversized field is refused.
  await app.register(multipart, {
    limits: { files: 0, fileSize: 0, fields: 200, fieldSize: 64 * 1024, parts: 200 },
  });
  app.addHook('preValidation', async (request) => {
    if (!request.isMultipart()) return;
    const fields: Record<string, string | string[]> = {};
    try {
      for await (const part of request.parts()) {
        // A file part must be read for the limit refusing it to surface (and it does: files: 0).
        if (part.type === 'file') await part.toBuffer();
        else {
          const value = String(part.value);
          const earlier = fields[part.fieldname];
          if (earlier === undefined) fields[part.fieldname] = value;
          else fields[part.fieldname] = [earlier, value].flat();
        }
      }
    } catch (error) {
      throw hasStatus(error) ? error : new UnreadableMultipart(error);
    }
    request.body = fields;
  });
}
