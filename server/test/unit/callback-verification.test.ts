import { describe, expect, it } from 'vitest';
import { verifySignedCallback } from '../../src/connectors/callback-verification';
import type {
  GatewayCallback,
  PaymentConnector,
  VerifiedCallback,
} from '../../src/connectors/connector';
import type { CallbackSink } from '../../src/connectors/sandbox/sandbox.routes';
import { SandboxGateway } from '../../src/connectors/sandbox/sandbox-gateway';
import { sandboxDeliveryHeaders } from '../../src/connectors/sandbox/sandbox-signature';
import type { Db } from '../../src/db/db';

/** Issue 39: what every connector's `verifyCallback` checks, and that none can skip it. */
const SECRET = 'unit-test-sandbox-secret';
/** Verifying reads no database: the sandbox is given none it could reach. */
const NO_DB = { kind: 'pglite' } as Db;
const sandbox = new SandboxGateway(NO_DB, {
  secret: SECRET,
  callbackWindowSeconds: 300,
  autoPay: false,
  duplicatePpm: 0,
  deliver: () => Promise.resolve(200),
});
const BODY = JSON.stringify({
  event_id: 'SBX-PO-x:success',
  gateway_code: 'SBX-THB-1',
  kind: 'payout',
  merchant_ref: '00000000-0000-4000-8000-000000000001',
  status: 'success',
});
const AT = Date.UTC(2026, 11, 2, 12, 0, 0);

const verdictAt = (signedAt: number, headers = sandboxDeliveryHeaders(SECRET, BODY, signedAt)) =>
  sandbox.verifyCallback({ headers, rawBody: BODY, receivedAt: new Date(AT) });

describe('callback verification', () => {
  it('believes a callback signed over its timestamp and body within 300 s either way', () => {
    for (const offset of [-300_000, 0, 300_000]) {
      const verdict = verdictAt(AT + offset);
      expect(verdict.refused, String(offset)).toBeUndefined();
      expect(verdict.verified).toMatchObject({
        kind: 'payout',
        status: 'success',
        raw: BODY,
        replayableUntil: new Date(Math.floor((AT + offset) / 1000) * 1000 + 300_000),
      });
    }
  });

  it('refuses a timestamp outside the window, a missing header, a bad signature or body', () => {
    expect(verdictAt(AT - 301_000).refused?.error).toBe('stale_timestamp');
    expect(verdictAt(AT + 301_000).refused?.error).toBe('stale_timestamp');
    const good = sandboxDeliveryHeaders(SECRET, BODY, AT);
    expect(verdictAt(AT, { ...good, 'x-sandbox-timestamp': '' }).refused?.error).toBe(
      'missing_signature',
    );
    // The timestamp is signed: moving it breaks the signature.
    expect(
      verdictAt(AT, { ...good, 'x-sandbox-timestamp': String(AT / 1000 + 1) }).refused?.error,
    ).toBe('bad_signature');
    expect(
      verdictAt(AT, sandboxDeliveryHeaders('another-secret-entirely', BODY, AT)).refused,
    ).toMatchObject({
      error: 'bad_signature',
      message: 'x-sandbox-signature does not match the callback',
    });
    const notJson = sandbox.verifyCallback({
      headers: sandboxDeliveryHeaders(SECRET, 'null', AT),
      rawBody: 'null',
      receivedAt: new Date(AT),
    });
    expect(notJson.refused?.error).toBe('bad_callback');
  });

  it('types: a connector must verify, and the sink takes only what verification made', () => {
    const refused = () => Promise.reject(new Error('not in this test'));
    // @ts-expect-error a connector without verifyCallback does not compile
    const unverifying: PaymentConnector = {
      name: 'unverifying',
      startPayin: refused,
      startPayout: refused,
      startRefund: refused,
      answerDispute: refused,
      queryStatus: refused,
      queryDisputeRuling: refused,
    };
    const parsed: GatewayCallback = {
      eventId: 'e',
      gatewayCode: 'SBX-THB-1',
      kind: 'payout',
      refId: '00000000-0000-4000-8000-000000000001',
      status: 'success',
    };
    const sink: CallbackSink = (_db, event) => Promise.resolve(event.signature);
    // @ts-expect-error a parsed body is no VerifiedCallback: only verifySignedCallback makes one
    void sink(NO_DB, parsed);
    // @ts-expect-error spelling out the fields does not make one either
    const spelled: VerifiedCallback = { ...parsed, signature: 'ab', replayableUntil: new Date() };
    expect([unverifying.name, spelled.signature]).toEqual(['unverifying', 'ab']);
    expect(typeof verifySignedCallback).toBe('function');
  });
});
