import multipart, { type Multipart, type MultipartFile } from '@fastify/multipart';
import { RECON_FILE_PART, RECON_MAX_FILE_BYTES } from '@bo/contract';
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
import type { StreamedUploadCall } from './registry';

/** Room for the text fields and the multipart framing around a file of the largest size. */
const FRAMING_BYTES = 1024 * 1024;

const tooLarge = () =>
  new AppError(
    'TOO_LARGE',
    `A statement file may be at most ${RECON_MAX_FILE_BYTES / 1024 / 1024} MB`,
  );

const hasStatus = (error: unknown) =>
  typeof (error as { statusCode?: unknown } | null)?.statusCode === 'number';

/** What the multipart parser throws without a status of its own: the body's fault, a 400. */
const unreadable = () => badInput('The multipart body could not be read');

/**
 * A file part's bytes as they arrive; a file cut at the size limit fails at its end (413), a
 * body cut short or malformed inside it fails where it breaks (400).
 */
async function* bytesOf(part: MultipartFile): AsyncGenerator<Buffer> {
  try {
    for await (const chunk of part.file as AsyncIterable<Buffer>) yield chunk;
  } catch (error) {
    throw hasStatus(error) ? error : unreadable();
  }
  if (part.file.truncated) throw tooLarge();
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
 * The request's parts; what the parser throws without a status of its own (a body cut short,
 * no boundary) is the body's fault: a 400, as on the call route (`multipart-fields.ts`).
 */
async function* partsOf(request: FastifyRequest) {
  const parts = request.parts()[Symbol.asyncIterator]();
  for (;;) {
    let next: IteratorResult<Multipart>;
    try {
      next = await parts.next();
    } catch (error) {
      throw hasStatus(error) ? error : unreadable();
    }
    if (next.done) return;
    yield next.value;
  }
}

/**
 * `POST /controller/admin/<call>` for the calls that take a file (`CallRegistry.streamedUpload`):
 * multipart, the text fields first (the session's and the call's), then the one file part
 * `file`, streamed to the handler as it arrives, never held whole. The steps are the call
 * route's: authenticate, authorize, validate (all before a byte of the file is read), handle,
 * answer in the usual envelope.
 */
async function answerUpload(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: CallRouteDeps,
  call: StreamedUploadCall,
) {
  if (!request.isMultipart())
    throw badInput(`${call.def.name} takes multipart/form-data with the file as its last part`);
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > RECON_MAX_FILE_BYTES + FRAMING_BYTES) throw tooLarge();
  const fields: Record<string, string> = {};
  for await (const part of partsOf(request)) {
    if (part.type !== 'file') {
      fields[part.fieldname] = String(part.value);
      continue;
    }
    try {
      if (part.fieldname !== RECON_FILE_PART)
        throw badInput(`The file must be sent as the part named ${RECON_FILE_PART}`);
      const clean = readFields(fields);
      const actor = await authorize(deps, clean, call.def.rule);
      const input = validate(call.def.request, payloadOf(clean));
      const data = await call.handle(userContextOf(deps, request, actor), input, {
        fileName: part.filename.slice(0, 200),
        bytes: bytesOf(part),
      });
      return send(reply, 200, 'Success', data);
    } finally {
      await drain(part);
    }
  }
  throw badInput(
    `${call.def.name} needs a file: send it as the last part, named ${RECON_FILE_PART}`,
  );
}

/**
 * The routes of the calls that take a file, in a scope of their own: the multipart parser
 * there streams one file of up to `RECON_MAX_FILE_BYTES`, where the call route's refuses
 * every file (`multipart-fields.ts`). Their static paths win over the call route's `:call`.
 */
export async function registerStreamedUploadRoutes(
  app: FastifyInstance,
  deps: CallRouteDeps,
): Promise<void> {
  await app.register(multipart, {
    limits: {
      files: 1,
      fileSize: RECON_MAX_FILE_BYTES,
      fields: 50,
      fieldSize: 64 * 1024,
      parts: 51,
    },
  });
  for (const call of deps.registry.streamedUploadCalls())
    app.post(`/controller/admin/${call.def.name}`, (request, reply) =>
      answerUpload(request, reply, deps, call),
    );
}
