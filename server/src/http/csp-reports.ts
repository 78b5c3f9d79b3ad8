import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db';
import { send } from './call-steps';
import { clientNetworkOf, normalizeAddress } from './client-address';
import { sendFailure } from './errors';
import { failureOf } from './failure';
import { recordCspReport } from './metrics';
import { SharedRateBuckets, type RateLimits } from './rate-buckets';
import { CSP_REPORT_PATH } from './security-headers';

/** The largest report taken: a browser's report is well under 2 KiB; a larger one is refused. */
export const CSP_REPORT_MAX_BYTES = 8 * 1024;

/** Reports taken per client address (an IPv6 /64): 10 a minute sustained, 10 at once. */
export const CSP_REPORT_LIMITS: RateLimits = { perSecond: 10 / 60, burst: 10 };

/** A report body as JSON when it is JSON, else its first 2,000 characters. */
function readReport(body: unknown): unknown {
  const text = typeof body === 'string' ? body : '';
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text.slice(0, 2000);
  }
}

/**
 * `POST /csp-reports` (the policy's `report-uri`): anyone may post, unauthenticated, so a
 * report is taken only within its sender's rate (`CSP_REPORT_LIMITS`, the shared token buckets
 * the merchant API's limit uses, keyed `csp:<address>`; past it 429 with Retry-After) and size
 * (`CSP_REPORT_MAX_BYTES`; past it 413, refused while read). Only a report taken reaches the log
 * (warn); every outcome is counted on /metrics (`bo_csp_reports_total`).
 */
export async function registerCspReports(app: FastifyInstance, db: Db): Promise<void> {
  const buckets = new SharedRateBuckets(db, CSP_REPORT_LIMITS, {
    prefix: 'csp:',
    forgetsFullBuckets: true,
  });
  await app.register(async (reports) => {
    reports.removeAllContentTypeParsers();
    reports.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) =>
      done(null, body),
    );
    reports.setErrorHandler((error: unknown, request, reply) => {
      if (failureOf(error).status !== 413) return sendFailure(reply, error, request.log);
      recordCspReport('too_large');
      return send(reply, 413, `A report may be at most ${CSP_REPORT_MAX_BYTES} bytes`);
    });
    reports.post(CSP_REPORT_PATH, { bodyLimit: CSP_REPORT_MAX_BYTES }, async (request, reply) => {
      const waitSeconds = await buckets.take(clientNetworkOf(normalizeAddress(request.ip)));
      if (waitSeconds > 0) {
        recordCspReport('rate_limited');
        reply.header('retry-after', String(waitSeconds));
        return send(
          reply,
          429,
          `Too many reports from this address: try again in ${waitSeconds} s`,
        );
      }
      request.log.warn(
        { cspReport: readReport(request.body), userAgent: request.headers['user-agent'] },
        'Content-Security-Policy violation reported',
      );
      recordCspReport('logged');
      return reply.code(204).send();
    });
  });
}
