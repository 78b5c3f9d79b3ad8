import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, badInput } from '../core/app-error';

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

/** The one part a call that takes a file must send it as. */
export const FILE_PART = 'file';

/**
 * The file a call that takes one was sent, as read: at most its limit's bytes. A larger one is
 * not kept (`tooLarge`, `bytes` empty): its reading stopped one byte past the limit, and the
 * handler refuses it.
 */
export interface UploadedFile {
  /** The name the client gave it (unchecked: never a path to trust). */
  readonly fileName: string;
  readonly bytes: Buffer;
  readonly tooLarge: boolean;
}

/** The largest file a call takes, in bytes; undefined: the call takes no file. */
export type FileLimitOf = (callName: string) => number | undefined;

const uploads = new WeakMap<FastifyRequest, UploadedFile>();

/** The file the request carried (for a call that takes one), if it sent one. */
export const uploadedFileOf = (request: FastifyRequest): UploadedFile | null =>
  uploads.get(request) ?? null;

/** Reads a file part up to `limit` + 1 bytes: the parser stops there and drops the rest. */
async function readFilePart(part: MultipartFile, limit: number): Promise<UploadedFile> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= limit) chunks.push(chunk);
  }
  const tooLarge = size > limit || part.file.truncated;
  return {
    fileName: part.filename,
    bytes: tooLarge ? Buffer.alloc(0) : Buffer.concat(chunks, size),
    tooLarge,
  };
}

/**
 * Reads multipart bodies into `request.body` as text fields (a name sent twice: a list), as
 * `@fastify/multipart`'s `attachFieldsToBody: 'keyValues'` would, but with its parse failures
 * told apart: the plugin's own refusals keep their status (a file, too many or too large fields
 * or parts: 413), anything else the parser throws is the body's fault (400).
 *
 * Calls take no file, except those `fileLimitOf` gives a limit: they take one part named
 * `file`, streamed with this request's own limits (one file, the call's limit + 1 bytes) and
 * read for the handler (`uploadedFileOf`); a second file is refused (413), as is a file part
 * by another name (400).
 */
export async function registerMultipartFields(
  app: FastifyInstance,
  fileLimitOf: FileLimitOf = () => undefined,
): Promise<void> {
  // Form fields only: a file part, too many fields or an oversized field is refused.
  await app.register(multipart, {
    limits: { files: 0, fileSize: 0, fields: 200, fieldSize: 64 * 1024, parts: 200 },
  });
  app.addHook('preValidation', async (request) => {
    if (!request.isMultipart()) return;
    const callName = (request.params as { call?: unknown } | undefined)?.call;
    const fileLimit = typeof callName === 'string' ? fileLimitOf(callName) : undefined;
    const fields: Record<string, string | string[]> = {};
    try {
      // The plugin reads `throwFileSizeLimit` per request too, though its types omit it: off,
      // so a file over the limit is told by `readFilePart` and refused by the call (400).
      const fileOptions = {
        limits: { files: 1, fileSize: (fileLimit ?? 0) + 1 },
        throwFileSizeLimit: false,
      };
      const parts = fileLimit === undefined ? request.parts() : request.parts(fileOptions);
      for await (const part of parts) {
        if (part.type === 'file') {
          if (fileLimit === undefined) {
            // A file part must be read for the limit refusing it to surface (files: 0).
            await part.toBuffer();
            continue;
          }
          const file = await readFilePart(part, fileLimit);
          if (part.fieldname !== FILE_PART)
            throw badInput(`The file must be sent as the part named ${FILE_PART}`);
          uploads.set(request, file);
        } else {
          const value = String(part.value);
          const earlier = fields[part.fieldname];
          if (earlier === undefined) fields[part.fieldname] = value;
          else fields[part.fieldname] = [earlier, value].flat();
        }
      }
    } catch (error) {
      throw error instanceof AppError || hasStatus(error) ? error : new UnreadableMultipart(error);
    }
    request.body = fields;
  });
}
