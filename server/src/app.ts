import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { Config } from './config/config';
import { fastifyTrustProxy } from './config/trust-proxy';
import type { Db } from './db/db';
import { registerCallRoute } from './http/call-route';
import { send } from './http/call-steps';
import { buildCallRegistry } from './calls';
import { registerCspReports } from './http/csp-reports';
import { registerErrorHandling, sendFailure } from './http/errors';
import { isQuietRequest, registerHealthRoutes } from './http/health';
import { registerMetrics } from './http/metrics';
import { registerMultipartFields } from './http/multipart-fields';
import { indexHtmlInDirection } from './http/index-html';
import { registerSecurityHeaders, withStyleNonce } from './http/security-headers';
import { registerUploadRoutes } from './http/file-upload';
import { sendApiFailure } from './merchant-api/api-route';
import { MERCHANT_API_BASE_PATH } from './merchant-api/openapi';
import { registerMoneyRoutes } from './money-wiring/register-money';
import { registerMoneyKinds } from './kind-registry/money-kinds';
import { resolveSession } from './modules/auth/sessions';
import { defaultReportZone } from './modules/report-settings/report-settings.service';
import type { CallRegistry } from './http/registry';

/** Letters, digits and `.-_:` up to 128 long: what ids and UUIDs are made of, nothing to inject. */
const REQUEST_ID = /^[\w.:-]{1,128}$/;

/** An incoming `X-Request-Id` to keep, or null (absent, repeated or malformed). */
export const acceptedRequestId = (header: string | string[] | undefined): string | null =>
  typeof header === 'string' && REQUEST_ID.test(header) ? header : null;

/** Builds the whole HTTP server: back-office calls, and the web app when it has been built. */
export async function buildApp(
  db: Db,
  config: Config,
  registry: CallRegistry = buildCallRegistry(),
): Promise<FastifyInstance> {
  registerMoneyKinds();
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // A caller's own request id (a proxy's, a merchant's) is kept when well-formed, so one id
    // follows a request through their logs and ours; anything else gets a fresh one.
    genReqId: (request) => acceptedRequestId(request.headers['x-request-id']) ?? randomUUID(),
    requestIdHeader: false,
    // Web app files, probes and scrapes stay out of the info log.
    logController: new LogController({ disableRequestLogging: isQuietRequest }),
    // A path the router cannot read (bad %-encoding, a too long id): each API's own answer.
    frameworkErrors: (error, request, reply) =>
      request.url.startsWith(MERCHANT_API_BASE_PATH)
        ? sendApiFailure(reply, error, request.log)
        : sendFailure(reply, error, request.log),
  });
  // Once closing, each answer ends its keep-alive connection: one that goes idle after the
  // close began would otherwise hold the shutdown for the keep-alive timeout (72 s).
  let isClosing = false;
  app.addHook('preClose', async () => {
    isClosing = true;
  });
  // Synchronous, as every hook on every route: an async one costs each request a promise and
  // an answer completed a tick later (docs/money.md, "What a pay-in costs").
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    if (isClosing) reply.header('connection', 'close');
    done(null, payload);
  });
  registerSecurityHeaders(app, config);
  await registerCspReports(app, db);

  registerErrorHandling(app);
  // Form bodies (multipart, urlencoded) are the back-office calls' alone: the multipart
  // plugin's hooks stay off the merchant API, the callbacks and the web app.
  await app.register(async (calls) => {
    await registerMultipartFields(calls);
    await calls.register(formbody, { bodyLimit: config.bodyLimitBytes });
    registerCallRoute(calls, { registry, db, config, resolveSession, defaultReportZone });
  });
  // The calls that take a file (statements, evidence): a scope and a multipart parser of their own.
  await app.register((uploads) =>
    registerUploadRoutes(uploads, {
      registry,
      db,
      config,
      resolveSession,
      defaultReportZone,
    }),
  );
  await registerMoneyRoutes(app, db, config);

  registerHealthRoutes(app, db, config);
  registerMetrics(app, db, config, (name) => registry.has(name));
  await serveWebApp(app, config.webDistDir);
  return app;
}

/**
 * Serves the built single-page app; any other GET path gets index.html (client routing). HEAD
 * answers as GET would, without the body (Fastify adds HEAD to its GET routes, not to this).
 */
async function serveWebApp(app: FastifyInstance, distDir: string) {
  const hasBuild = existsSync(path.join(distDir, 'index.html'));
  // index.html is never served as a file: it is answered below with this answer's CSP nonce.
  if (hasBuild)
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      allowedPath: (pathName) => pathName !== '/index.html',
      // The build writes .br and .gz copies of its text files (web/build/precompress.ts).
      preCompressed: true,
      // Files under /assets/ carry a content hash in their name: a new build makes new names.
      setHeaders: (reply, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url.startsWith('/controller/') || request.url.startsWith('/api/');
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (!isRead || isApi) return send(reply, 404, 'Not found');
    if (!hasBuild)
      return reply.code(503).type('text/plain').send('The web app is not built: run npm run build');
    const html = await readFile(path.join(distDir, 'index.html'), 'utf8');
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(withStyleNonce(indexHtmlInDirection(html, request.headers.cookie), reply));
  });
}
