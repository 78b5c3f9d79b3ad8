import type { FastifyReply, FastifyRequest } from 'fastify';
import { authorize, payloadOf, userContextOf, validate, type CallRouteDeps } from './call-steps';
import type { DownloadCall } from './registry';

/** RFC 5987's attr-chars left as they are; every other byte of the UTF-8 name %-encoded. */
const encodeExtValue = (name: string) =>
  encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/** The name for browsers without `filename*`: ASCII, no quote, backslash or control character. */
const asciiFallback = (name: string) => name.replace(/[^\x20-\x7e]|["\\]/g, '_');

/**
 * `Content-Disposition` of an attachment: the name both as plain ASCII and, for every browser
 * that reads it (all current ones), UTF-8 (`filename*=UTF-8''…`).
 */
export const attachmentOf = (name: string) =>
  `attachment; filename="${asciiFallback(name)}"; filename*=UTF-8''${encodeExtValue(name)}`;

/**
 * A call answered with a file: checked as every call (session, rule, request fields), then the
 * bytes as an attachment of their stored type, never cached. Never sniffed by the browser
 * either: every answer under /controller/ carries `X-Content-Type-Options: nosniff` already
 * (security-headers). A refusal is the usual JSON envelope (the error handler's).
 */
export async function answerDownload(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: CallRouteDeps,
  fields: Record<string, unknown>,
  call: DownloadCall,
) {
  const actor = await authorize(deps, fields, call.rule);
  const input = validate(call.request, payloadOf(fields));
  const file = await call.handle(userContextOf(deps, request, actor), input);
  return reply
    .code(200)
    .header('Content-Type', file.contentType)
    .header('Content-Disposition', attachmentOf(file.fileName))
    .header('Cache-Control', 'no-store')
    .header('Content-Length', file.bytes.length)
    .send(file.bytes);
}
