import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';

/** At most this much of an answer's body is read; the rest is dropped unread. */
export const READ_CAP_BYTES = 4 * 1024;

/** The exchange took longer than it may, the answer's body included. */
export class NoAnswerInTime extends Error {}

/** What a receiver answered: its status and the start of its body (at most READ_CAP_BYTES). */
export interface PostAnswer {
  readonly status: number;
  readonly body: Buffer;
}

/**
 * POSTs `body` once with node's http(s) client: no redirect is followed (a 3xx is the answer),
 * TLS certificates are verified (node's default, never turned off here), the socket connects
 * to what `lookup` answers on a connection of its own (no pooled socket, so none skips the
 * lookup's check), and the whole exchange, answer body included, ends after `timeoutMs`.
 * Only the first READ_CAP_BYTES of the body are read; then the connection is closed.
 */
export function postOnce(
  url: URL,
  body: string,
  headers: Record<string, string>,
  options: { readonly timeoutMs: number; readonly lookup: LookupFunction },
): Promise<PostAnswer> {
  return new Promise((resolve, reject) => {
    const payload = Buffer.from(body, 'utf8');
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(url, {
      method: 'POST',
      headers: { ...headers, 'content-length': String(payload.length) },
      lookup: options.lookup,
      agent: false,
    });
    let settled = false;
    const settle = (error: Error | null, answer?: PostAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(answer!);
      request.destroy();
    };
    const timer = setTimeout(
      () => settle(new NoAnswerInTime(`no answer within ${options.timeoutMs} ms`)),
      options.timeoutMs,
    );
    request.on('response', (response: IncomingMessage) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => {
        const read = Buffer.concat(chunks).subarray(0, READ_CAP_BYTES);
        settle(null, { status: response.statusCode ?? 0, body: read });
      };
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= READ_CAP_BYTES) done();
      });
      response.on('end', done);
      // The answer was cut short after its status arrived: the status stands, the body as read.
      response.on('error', done);
      response.on('close', done);
    });
    request.on('error', (error) => settle(error));
    request.end(payload);
  });
}
