import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, onSendHookHandler } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config/config';

/** Where browsers post Content-Security-Policy violation reports (`report-uri`). */
export const CSP_REPORT_PATH = '/csp-reports';

/**
 * The placeholder `web/index.html` carries in `<meta property="csp-nonce" nonce="…">`: the
 * server puts each answer's style nonce there, and styled-components (Redoc) reads it from that
 * meta element to mark the `<style>` elements it injects.
 */
export const INDEX_NONCE_PLACEHOLDER = '__CSP_NONCE__';

/** Pages whose own markup carries an inline `<style>` (the sandbox gateway's hosted page). */
const INLINE_STYLE_PAGES = ['/sandbox/'];

const SELF = "'self'";

/**
 * Inline styles injected by code that cannot carry a nonce, allowed by hash: the empty
 * `<style>` both create first; SweetAlert2's stylesheet (`sweetalert2.all`, which
 * lib/popups.ts imports); the perfect-scrollbar stylesheet Redoc's bundle injects. An upgrade
 * of either changes its hash: the browser test e2e/csp.e2e.test.ts then fails naming the new
 * one (docs/security.md).
 */
const STYLE_HASHES = [
  "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='",
  "'sha256-4Hp34kejS2ebnG2znG00qXJODVa0mXDBGtDnbB1o+dk='",
  "'sha256-QMIg+bpjm3JdElJ388KYke01izlUW0UoNOeKjpMxdgc='",
];
/**
 * The policy every answer carries. Scripts only from this origin (never inline, never eval);
 * styles from this origin or with the answer's nonce; no plugins, no framing, no base or form
 * targets elsewhere. `report-uri` only: `report-to` makes Chromium drop `report-uri` and send
 * reports in batches up to a minute late (docs/security.md).
 */
function policyDirectives(config: Config, styleSrc: readonly string[]) {
  return {
    'default-src': [SELF],
    'script-src': [SELF],
    'script-src-attr': ["'none'"],
    'style-src': [...styleSrc],
    'img-src': [SELF, 'data:'],
    'font-src': [SELF, 'data:'],
    'connect-src': [SELF],
    'worker-src': [SELF, 'blob:'],
    'object-src': ["'none'"],
    'base-uri': [SELF],
    'form-action': [SELF],
    'frame-ancestors': ["'none'"],
    'report-uri': [CSP_REPORT_PATH],
    ...(config.tls ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * Routes that answer data (JSON, an export's file, probes, metrics), never an HTML page: the
 * back office's calls, the merchant API, the gateways' callbacks (half of a pay-in's requests).
 */
const DATA_ROUTE_PREFIXES = [
  '/controller/',
  '/api/v1/',
  '/gateway-callbacks/',
  '/healthz',
  '/readyz',
  '/metrics',
];
const isDataRoute = (url: string | undefined) =>
  url !== undefined && DATA_ROUTE_PREFIXES.some((prefix) => url.startsWith(prefix));

/** 128 random bits in hex: a nonce. */
const randomHex = () => randomBytes(16).toString('hex');

/** A route's own hooks of one kind as a list (Fastify takes one function or a list). */
const hooksOf = <T>(hooks: T | T[] | undefined): T[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];

/**
 * The headers helmet sets with this configuration, written once for the data routes: the same
 * names and values (test/api/security-headers checks them against helmet's), the policy
 * without a nonce.
 */
function fixedSecurityHeaders(config: Config): Record<string, string> {
  return {
    'content-security-policy': policyText(policyDirectives(config, [SELF, ...STYLE_HASHES])),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    ...(config.tls ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}

/** The policy as a header value (written as helmet writes it), for an answer without a nonce. */
function policyText(directives: Record<string, readonly string[]>): string {
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join(';');
}

/** Where an answer's nonces live while its headers are written and its page filled in. */
type NoncedResponse = ServerResponse & { cspNonce?: { script: string; style: string } };

/**
 * Security headers on every answer (API, web app, sandbox page, errors): Content-Security-
 * Policy with a per-answer style nonce, `X-Content-Type-Options: nosniff`, `Referrer-Policy:
 * no-referrer`, `X-Frame-Options: DENY`, Cross-Origin-Opener/Resource-Policy same-origin, and
 * Strict-Transport-Security when the product is served over TLS. No CORS header is ever sent:
 * the back-office API answers its own origin only. The reports the policy asks for are taken
 * by `csp-reports.ts`.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  // Pages: helmet's headers, made once, with this answer's nonces in the policy.
  const nonceOf = (kind: 'script' | 'style') => (_req: IncomingMessage, res: ServerResponse) =>
    `'nonce-${(res as NoncedResponse).cspNonce?.[kind]}'`;
  const directives = policyDirectives(config, [SELF, ...STYLE_HASHES]);
  const pageHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        ...directives,
        'script-src': [...directives['script-src'], nonceOf('script')],
        'style-src': [...directives['style-src'], nonceOf('style')],
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.tls
      ? { maxAge: 31_536_000, includeSubDomains: true, preload: false }
      : false,
  });
  // The JSON APIs answer data, never a page: a nonce means nothing there, so they carry the
  // same headers fixed once (a fifth of the merchant API's CPU per pay-in went to making a
  // policy and two nonces per answer, docs/money.md). One synchronous hook for every answer:
  // an async one costs each request a promise and an answer completed a tick later.
  const fixedHeaders = fixedSecurityHeaders(config);
  app.addHook('onRequest', (request, reply, done) => {
    if (isDataRoute(request.routeOptions.url)) {
      reply.headers(fixedHeaders);
      return done();
    }
    const res = reply.raw as NoncedResponse;
    res.cspNonce = { script: randomHex(), style: randomHex() };
    pageHeaders(request.raw, res, (error) => done(error as Error | undefined));
  });
  // The sandbox's hosted page is a server-rendered page with an inline <style> and no nonce:
  // a hook of its own routes.
  const inlineStylePolicy = policyText(policyDirectives(config, [SELF, "'unsafe-inline'"]));
  const setInlineStylePolicy: onSendHookHandler = (_request, reply, payload, done) => {
    reply.header('content-security-policy', inlineStylePolicy);
    done(null, payload);
  };
  app.addHook('onRoute', (route) => {
    if (INLINE_STYLE_PAGES.some((prefix) => route.url.startsWith(prefix)))
      route.onSend = [...hooksOf(route.onSend), setInlineStylePolicy];
  });
}

/** `index.html` with this answer's style nonce in place of the placeholder. */
export function withStyleNonce(html: string, reply: FastifyReply): string {
  const nonce = (reply.raw as NoncedResponse).cspNonce?.style;
  return nonce ? html.replaceAll(INDEX_NONCE_PLACEHOLDER, nonce) : html;
}
