import multipart, { type Multipart, type MultipartFile } from '@fastify/multipart';
import { UPLOAD_FILE_PART } from '@bo/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, badInput } from '../core/app-error';
import {
  authorize,
  payloadOf,
  readFields,
  send,
  userContextOf,
  validate,
  type CallRouteDeps,
} from './call-steps';
import type { UploadCall } from './registry';
import { UPLOAD_FILE_NAME_CHARS } from './upload-limits';

/**
 * The name a client gave its file, as a handler gets it: without control or format characters
 * (a NUL no database column takes, a bidirectional override), at most `UPLOAD_FILE_NAME_CHARS`.
 */
const givenName = (name: string) =>
  [...name.replace(/[\p{Cc}\p{Cf}]/gu, '')].slice(0, UPLOAD_FILE_NAME_CHARS).join('');

/** Room for the text fields and the multipart framing around a file of the largest size. */
const FRAMING_BYTES = 1024 * 1024;

/** A size in words: "5 MB", "512 MB". */
const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

const tooLarge = (call: UploadCall) =>
  new AppError('TOO_LARGE', `The file may be at most ${megabytes(call.maxBytes)}`);

const hasStatus = (error: unknown) =>
  typeof (error as { statusCode?: unknown } | null)?.statusCode === 'number';

/** What the multipart parser throws without a status of its own: the body's fault, a 400. */
const unreadable = () => badInput('The multipart body could not be read');

/**
 * A file part's bytes as they arrive, refused (413) the moment they pass the call's limit; a
 * body cut short or malformed inside it fails where it breaks (400).
 */
async function* bytesOf(part: MultipartFile, call: UploadCall): AsyncGenerator<Buffer> {
  let size = 0;
  try {
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > call.maxBytes) throw tooLarge(call);
      yield chunk;
    }
  } catch (error) {
    throw hasStatus(error) || error instanceof AppError ? error : unreadable();
  }
  if (part.file.truncated) throw tooLarge(call);
}

/** Reads what is left of a part (so the request ends cleanly), ignoring its bytes. */
async function drain(part: MultipartFile): Promise<void> {
  if (part.file.readableEnded || part.file.destroyed) return;
  part.file.resume();
  await new Promise<void>((resolve) => {
    part.file.once('end', resolve);
    part.file.once('close', resolve);
    part.file.once('error', () => resolve());
  });
}

/**
 * The request's parts, one at a time; what the parser throws without a status of its own (a
 * body cut short, no boundary) is the body's fault: a 400, as on the call route.
 */
function partsOf(request: FastifyRequest) {
  const parts = request.parts()[Symbol.asyncIterator]();
  return async (): Promise<Multipart | null> => {
    try {
      const next = await parts.next();
      return next.done ? null : next.value;
    } catch (error) {
      throw hasStatus(error) ? error : unreadable();
    }
  };
}

/**
 * `POST /controller/admin/<call>` for the calls that take a file (`CallRegistry.upload`):
 * multipart, the text fields first (the session's and the call's), then the one file part
 * `file`, streamed to the handler as it arrives. The steps are the call route's:
 * authenticate, authorize, validate (all before a byte of the file is read), handle, answer in
 * the usual envelope. A handler calls the file's `end()` before it commits: it refuses a part
 * after the file.
 */
async function answerUpload(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: CallRouteDeps,
  call: UploadCall,
) {
  if (!request.isMultipart())
    throw badInput(`${call.def.name} takes multipart/form-data with the file as its last part`);
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > call.maxBytes + FRAMING_BYTES) throw tooLarge(call);
  const nextPart = partsOf(request);
  const fields: Record<string, string> = {};
  for (let part = await nextPart(); part; part = await nextPart()) {
    if (part.type !== 'file') {
      fields[part.fieldname] = String(part.value);
      continue;
    }
    const file = part;
    try {
      if (file.fieldname !== UPLOAD_FILE_PART)
        throw badInput(`The file must be sent as the part named ${UPLOAD_FILE_PART}`);
      const clean = readFields(fields);
      const actor = await authorize(deps, clean, call.def.rule);
      const input = validate(call.def.request, payloadOf(clean));
      const data = await call.handle(userContextOf(deps, request, actor), input, {
        fileName: givenName(file.filename),
        bytes: bytesOf(file, call),
        end: async () => {
          await drain(file);
          if (await nextPart()) throw badInput(`The file must be the last part, and the only file`);
        },
      });
      return send(reply, 200, 'Success', data);
    } finally {
      // A handler that stopped reading early (a refused file) leaves the rest of the body
      // unread: the connection is closed after the answer, or a keep-alive client's next
      // request on it would wait behind those bytes.
      if (!file.file.readableEnded) void reply.header('connection', 'close');
      await drain(file);
    }
  }
  throw badInput(
    `${call.def.name} needs a file: send it as the last part, named ${UPLOAD_FILE_PART}`,
  );
}

/**
 * The routes of the calls that take a file, in a scope of their own: the multipart parser
 * there streams one file of up to the largest call's limit (each call keeps to its own), where
 * the call route's refuses every file (`multipart-fields.ts`). Their static paths win over the
 * call route's `:call`.
 */
export async function registerUploadRoutes(
  app: FastifyInstance,
  deps: CallRouteDeps,
): Promise<void> {
  const calls = deps.registry.uploadCalls();
  await app.register(multipart, {
    limits: {
      files: 1,
      fileSize: Math.max(0, ...calls.map((c) => c.maxBytes)),
      fields: 50,
      fieldSize: 64 * 1024,
      parts: 51,
    },
  });
  for (const call of calls)
    app.post(`/controller/admin/${call.def.name}`, (request, reply) =>
      answerUpload(request, reply, deps, call),
    );
}
