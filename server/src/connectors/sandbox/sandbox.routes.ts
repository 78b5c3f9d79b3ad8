import { escapeHtml, formatAmount } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import { sandboxSecretRefusal, type Config } from '../../config/config';
import type { Db } from '../../db/db';
import { isUuid } from '../../http/validation';
import { bindConnector, connectorFor, type VerifiedCallback } from '../connector';
import { SandboxGateway } from './sandbox-gateway';
import { findSandboxPayment } from './sandbox.queries';

function page(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:4rem auto;padding:0 1rem}
button{font-size:1rem;padding:.6rem 1.2rem;margin-right:.5rem}</style></head><body>${body}</body></html>`;
}

/**
 * Applies a verified callback exactly once (the gateway-callbacks module's
 * `submitGatewayCallback`, passed in from above so connectors never import a module); answers
 * `replayed` for a signature it has seen inside its window, changing nothing. It takes only
 * what a connector's `verifyCallback` made.
 */
export type CallbackSink = (db: Db, event: VerifiedCallback) => Promise<string>;

/**
 * The sandbox gateway's routes: the hosted payment page (/sandbox/pay/{id}) and the callback
 * endpoint gateways post results to (/gateway-callbacks/{connector}). Binds the sandbox
 * connector for this database; its callbacks travel over HTTP (inject) like a real gateway's.
 */
export async function registerSandboxGateway(
  app: FastifyInstance,
  db: Db,
  config: Config,
  submitGatewayCallback: CallbackSink,
): Promise<SandboxGateway> {
  // main.ts refuses first; this holds for every app built, whoever builds it.
  const refusal = sandboxSecretRefusal(config);
  if (refusal) throw new Error(refusal);
  const sandbox = new SandboxGateway(db, {
    secret: config.sandboxSecret,
    callbackWindowSeconds: config.gatewayCallbackWindowSeconds,
    autoPay: config.sandboxAutoPay,
    latencyMs: config.sandboxLatencyMs,
    duplicatePpm: config.sandboxDuplicatePpm,
    deliver: async (body, headers) => {
      const response = await app.inject({
        method: 'POST',
        url: '/gateway-callbacks/sandbox',
        payload: body,
        headers,
      });
      return response.statusCode;
    },
  });
  bindConnector(db, sandbox);

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));

    scope.post<{ Params: { connector: string } }>(
      '/gateway-callbacks/:connector',
      async (request, reply) => {
        let connector;
        try {
          connector = connectorFor(db, request.params.connector);
        } catch {
          return reply.code(404).send({ ok: false });
        }
        const rawBody = typeof request.body === 'string' ? request.body : '';
        const verdict = connector.verifyCallback({
          headers: request.headers,
          rawBody,
          receivedAt: new Date(),
        });
        if (verdict.refused) return reply.code(401).send({ ok: false, ...verdict.refused });
        if (!isUuid(verdict.verified.refId))
          return reply.code(404).send({ ok: false, outcome: 'unknown' });
        const outcome = await submitGatewayCallback(db, verdict.verified);
        if (outcome === 'replayed')
          return reply.code(401).send({
            ok: false,
            error: 'replayed_callback',
            message: 'this callback was received already: a replay changes nothing',
          });
        return reply.code(outcome === 'unknown' ? 404 : 200).send({ ok: true, outcome });
      },
    );

    scope.get<{ Params: { id: string } }>('/sandbox/pay/:id', async (request, reply) => {
      const p = isUuid(request.params.id)
        ? await findSandboxPayment(db, 'payin', request.params.id)
        : null;
      reply.type('text/html');
      if (!p) return reply.code(404).send(page('Not found', '<h1>No such payment</h1>'));
      const amount = `${escapeHtml(formatAmount(p.amount, p.currency))} ${escapeHtml(p.currency)}`;
      if (p.status !== 'pending')
        return page('Payment', `<h1>Payment ${escapeHtml(p.status)}</h1><p>${amount}</p>`);
      return page(
        'Sandbox payment',
        `<h1>Sandbox payment</h1><p>Pay <strong>${amount}</strong> via ${escapeHtml(p.gateway_code)}.</p>
<form method="post" action="/sandbox/pay/${p.merchant_ref}"><button name="outcome" value="success">Pay</button>
<button name="outcome" value="failed">Fail</button></form>`,
      );
    });

    scope.post<{ Params: { id: string } }>('/sandbox/pay/:id', async (request, reply) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const outcome = new URLSearchParams(raw).get('outcome');
      reply.type('text/html');
      if (!isUuid(request.params.id) || (outcome !== 'success' && outcome !== 'failed'))
        return reply.code(400).send(page('Bad request', '<h1>Choose Pay or Fail</h1>'));
      const accepted = await sandbox.completeFromPage(request.params.id, outcome);
      if (!accepted)
        return reply
          .code(409)
          .send(page('Already done', '<h1>This payment is already settled</h1>'));
      return page(
        'Thank you',
        `<h1>${outcome === 'success' ? 'Payment sent' : 'Payment failed'}</h1><p>You may close this page.</p>`,
      );
    });
  });
  return sandbox;
}
