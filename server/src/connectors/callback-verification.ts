import { timingSafeEqual } from 'node:crypto';
import type {
  CallbackRefusal,
  CallbackRequest,
  CallbackVerdict,
  GatewayCallback,
  VerifiedCallback,
} from './connector';

/** How a connector's gateway signs its callbacks: what `verifySignedCallback` needs of it. */
export interface CallbackSigning {
  /** The headers carrying the timestamp (unix seconds) and the signature, as the gateway names them. */
  readonly timestampHeader: string;
  readonly signatureHeader: string;
  /** The signature the gateway would send for `timestamp` and `rawBody` (lowercase hex). */
  readonly sign: (timestamp: string, rawBody: string) => string;
  /** How far (seconds) a timestamp may be from the moment the callback is received, either way. */
  readonly windowSeconds: number;
  /** Reads a signed body; null when it is no callback this connector understands. */
  readonly parse: (rawBody: string) => GatewayCallback | null;
}

const refused = (error: CallbackRefusal['error'], message: string): CallbackVerdict => ({
  refused: { error, message },
});

/** Constant-time comparison of two signatures (different lengths differ at once). */
export function sameSignature(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

const headerOf = (request: CallbackRequest, name: string) => {
  const value = request.headers[name.toLowerCase()];
  return typeof value === 'string' && value !== '' ? value : null;
};

/**
 * The one check every connector's `verifyCallback` runs (docs/security.md, "Gateway
 * callbacks"): both headers present; the signature equal, in constant time, to the gateway's
 * over the timestamp and the raw body; the timestamp (whole unix seconds) within the window of
 * the moment it was received; then the body read. Only this makes a `VerifiedCallback`, with
 * its signature and how long it must be remembered against a replay.
 */
export function verifySignedCallback(
  request: CallbackRequest,
  signing: CallbackSigning,
): CallbackVerdict {
  const timestamp = headerOf(request, signing.timestampHeader);
  const signature = headerOf(request, signing.signatureHeader);
  if (timestamp === null || signature === null)
    return refused(
      'missing_signature',
      `a callback needs the ${signing.timestampHeader} and ${signing.signatureHeader} headers`,
    );
  if (!sameSignature(signature.toLowerCase(), signing.sign(timestamp, request.rawBody)))
    return refused('bad_signature', `${signing.signatureHeader} does not match the callback`);
  const signedAt = /^\d{1,12}$/.test(timestamp) ? Number(timestamp) : NaN;
  const skew = Math.abs(request.receivedAt.getTime() / 1000 - signedAt);
  if (!(skew <= signing.windowSeconds))
    return refused(
      'stale_timestamp',
      `${signing.timestampHeader} must be within ${signing.windowSeconds} s of now (unix seconds)`,
    );
  const callback = signing.parse(request.rawBody);
  if (!callback) return refused('bad_callback', 'the callback body is not understood');
  const verified = {
    ...callback,
    raw: request.rawBody,
    signature: signature.toLowerCase(),
    replayableUntil: new Date((signedAt + signing.windowSeconds) * 1000),
  } as VerifiedCallback;
  return { verified };
}
