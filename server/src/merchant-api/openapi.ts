import {
  apiBalance,
  apiCreatePayin,
  apiCreatePayout,
  apiCreateRefund,
  apiDispute,
  apiDisputeEvidence,
  apiError,
  apiListOf,
  apiNotification,
  apiPayin,
  apiPayout,
  apiRefund,
  DISPUTE_STATUSES,
  PAYIN_STATUSES,
  REFUND_STATUSES,
  MERCHANT_API_HEADERS,
  MERCHANT_API_MAX_SKEW_SECONDS,
} from '@bo/contract';
import { apiReadFacets } from '../modules/money-lookup/api-read-facet';
import {
  answer,
  body,
  idParam,
  json,
  listParameters,
  read,
  ref,
  schema,
  write,
} from './openapi-parts';
import { apiReadPaths, apiReadSchemas } from './openapi-reads';

/** Where the merchant API is mounted; the path a request signs starts with it. */
export const MERCHANT_API_BASE_PATH = '/api/v1';

const SIGNING =
  `Hex HMAC-SHA256, keyed with your API secret, of the version 2 string: six lines joined by \`\\n\` ` +
  `(no line break at the end), \`v2\`, \`timestamp\`, \`METHOD\`, \`path\`, \`idempotencyKey\`, \`rawBody\`: ` +
  `\`timestamp\` is the ${MERCHANT_API_HEADERS.timestamp} header, \`METHOD\` upper case, \`path\` the full ` +
  `request path as sent, starting with ${MERCHANT_API_BASE_PATH} (for example \`${MERCHANT_API_BASE_PATH}/payins\`, ` +
  `with its query string if any), \`idempotencyKey\` the ${MERCHANT_API_HEADERS.idempotency} header as sent ` +
  '(empty when there is none), `rawBody` the exact bytes of the body (empty for a GET). ' +
  'A signed request is accepted once: the same signature again inside the timestamp window is refused ' +
  '(`replayed_request`), so a retry is signed anew. The version 1 string (without the key) is refused.';

/** The three headers every request carries; all three are required together. */
const securitySchemes = {
  ApiKey: {
    type: 'apiKey',
    in: 'header',
    name: MERCHANT_API_HEADERS.key,
    description: 'Your API key id (Merchant settings).',
  },
  Timestamp: {
    type: 'apiKey',
    in: 'header',
    name: MERCHANT_API_HEADERS.timestamp,
    description: `Unix seconds; refused when more than ${MERCHANT_API_MAX_SKEW_SECONDS / 60} minutes from the server's clock.`,
  },
  Signature: {
    type: 'apiKey',
    in: 'header',
    name: MERCHANT_API_HEADERS.signature,
    description: SIGNING,
  },
};

const errorAnswer = (description: string, codes: string[]) => ({
  description: `${description} Codes: ${codes.map((c) => `\`${c}\``).join(', ')}.`,
  content: {
    'application/json': {
      schema: ref('Error'),
      example: { error: { code: codes[0], message: 'What went wrong, in plain words' } },
    },
  },
});

/** A 503 names when to try again: `Retry-After`, whole seconds. */
const withRetryAfter = <T extends object>(response: T) => ({
  ...response,
  headers: {
    'Retry-After': {
      description: 'Seconds to wait before sending the request again',
      schema: { type: 'integer', minimum: 1 },
    },
  },
});

/** Every error the routes answer, in the one shape `{ error: { code, message } }`. */
const responses = {
  BadRequest: errorAnswer(
    'Bad input (the message names the field: body, amount, currency without a contract, Idempotency-Key); nothing was changed.',
    ['bad_request'],
  ),
  Unauthorized: errorAnswer(
    'A signing header is missing, the key is unknown or revoked, the timestamp is stale, the signature does not match (or is over the retired v1 string), or this signed request was received already.',
    [
      'unauthenticated',
      'unknown_key',
      'stale_timestamp',
      'bad_signature',
      'signature_version_retired',
      'replayed_request',
    ],
  ),
  NotFound: errorAnswer('No record of yours has this id.', ['not_found']),
  Conflict: errorAnswer(
    'The order id is already used, not enough pay-out balance, the Idempotency-Key was used with another body, or its first request is still running; nothing was changed.',
    ['conflict', 'idempotency_key_reused', 'request_in_progress'],
  ),
  TooLarge: errorAnswer('The body is over the size limit (1 MiB unless configured otherwise).', [
    'too_large',
  ]),
  RateLimited: withRetryAfter(
    errorAnswer(
      `Over this API key's rate limit; nothing was changed and the signature was not spent: send the same request again after Retry-After seconds.`,
      ['rate_limited'],
    ),
  ),
  Internal: errorAnswer('Something went wrong on our side; retry later.', ['internal']),
  Unavailable: withRetryAfter(
    errorAnswer(
      `The database cannot be reached just now (a failover under way); nothing was changed. Retry after the Retry-After header's seconds (a write with the same Idempotency-Key and body).`,
      ['service_unavailable'],
    ),
  ),
  Interrupted: withRetryAfter(
    errorAnswer(
      `The pay-in was created but not started (\`request_interrupted\`): retry with the same Idempotency-Key and body after 60 seconds, it finishes that pay-in. Or the database cannot be reached just now (\`service_unavailable\`, with Retry-After); nothing was changed: retry after Retry-After seconds.`,
      ['request_interrupted', 'service_unavailable'],
    ),
  ),
};

const idempotency = {
  name: MERCHANT_API_HEADERS.idempotency,
  in: 'header',
  required: true,
  schema: { type: 'string', minLength: 1, maxLength: 200 },
  description:
    'Unique per request you mean. A replay answers the first response; the same key with another body answers 409.',
};
const DESCRIPTION = `JSON over HTTPS for a merchant's backend. Amounts are decimal strings in major units.

Every request is signed (see Authentication): ${SIGNING}

Writes carry an \`Idempotency-Key\`: the same key and body again answers the first response.

Results are posted to \`notify_url\` (or your default notify URL; the \`Notification\` schema), signed over \`timestamp + "." + "POST" + "." + path + "." + body\` (path with its query), with your callback secret (without one, your API key's secret; X-Api-Key names which), and retried with back-off until a 2xx. A \`notify_url\` must be https and must not point to a loopback, private, link-local or metadata address: such a URL is refused with 400 \`bad_request\` when the request arrives, and a name that resolves to one is refused again at every delivery (DNS rebinding); deliveries follow no redirect, time out after 5 s and read at most 4 KiB of the answer.

# Authentication

<!-- ReDoc-Inject: <security-definitions> -->`;

/** The pay-in calls: create, list and read. */
const payinPaths = () => ({
  '/payins': {
    post: {
      operationId: 'createPayin',
      tags: ['Pay-ins'],
      summary: 'Create a pay-in; the payer pays on payment_url',
      parameters: [idempotency],
      requestBody: body('CreatePayin'),
      responses: {
        201: json('Payin', 'The pay-in'),
        ...write,
        503: answer('Interrupted'),
      },
    },
    get: {
      operationId: 'listPayins',
      tags: ['Pay-ins'],
      summary: 'Your pay-ins, newest first, a page at a time (to reconcile)',
      parameters: listParameters(PAYIN_STATUSES),
      responses: {
        200: json('PayinList', 'A page of pay-ins'),
        400: answer('BadRequest'),
        ...read,
      },
    },
  },
  '/payins/{id}': {
    get: {
      operationId: 'getPayin',
      tags: ['Pay-ins'],
      summary: 'Read a pay-in',
      parameters: [idParam],
      responses: { 200: json('Payin', 'The pay-in'), 404: answer('NotFound'), ...read },
    },
  },
});

/** The pay-out calls: create and read. */
const payoutPaths = () => ({
  '/payouts': {
    post: {
      operationId: 'createPayout',
      tags: ['Pay-outs'],
      summary: 'Create a pay-out from your pay-out balance (amount plus fee is reserved at once)',
      parameters: [idempotency],
      requestBody: body('CreatePayout'),
      responses: { 201: json('Payout', 'The pay-out'), ...write },
    },
  },
  '/payouts/{id}': {
    get: {
      operationId: 'getPayout',
      tags: ['Pay-outs'],
      summary: 'Read a pay-out',
      parameters: [idParam],
      responses: { 200: json('Payout', 'The pay-out'), 404: answer('NotFound'), ...read },
    },
  },
});

/** The refund calls: create, list and read. */
const refundPaths = () => ({
  '/refunds': {
    post: {
      operationId: 'createRefund',
      tags: ['Refunds'],
      summary:
        'Refund all or part of a successful pay-in (amount plus refund fee is held from your available balance at once; 409 when more than is left of the pay-in, or not enough balance)',
      parameters: [idempotency],
      requestBody: body('CreateRefund'),
      responses: { 201: json('Refund', 'The refund'), 404: answer('NotFound'), ...write },
    },
    get: {
      operationId: 'listRefunds',
      tags: ['Refunds'],
      summary: 'Your refunds, newest first, a page at a time',
      parameters: listParameters(REFUND_STATUSES),
      responses: {
        200: json('RefundList', 'A page of refunds'),
        400: answer('BadRequest'),
        ...read,
      },
    },
  },
  '/refunds/{id}': {
    get: {
      operationId: 'getRefund',
      tags: ['Refunds'],
      summary: 'Read a refund',
      parameters: [idParam],
      responses: { 200: json('Refund', 'The refund'), 404: answer('NotFound'), ...read },
    },
  },
});

/** The dispute calls: list, read and answer with evidence. */
const disputePaths = () => ({
  '/disputes': {
    get: {
      operationId: 'listDisputes',
      tags: ['Disputes'],
      summary:
        'Your disputes (chargebacks), newest first, a page at a time; status=opened lists those waiting for your answer',
      parameters: listParameters(DISPUTE_STATUSES),
      responses: {
        200: json('DisputeList', 'A page of disputes'),
        400: answer('BadRequest'),
        ...read,
      },
    },
  },
  '/disputes/{id}': {
    get: {
      operationId: 'getDispute',
      tags: ['Disputes'],
      summary: 'Read a dispute',
      parameters: [idParam],
      responses: { 200: json('Dispute', 'The dispute'), 404: answer('NotFound'), ...read },
    },
  },
  '/disputes/{id}/evidence': {
    post: {
      operationId: 'answerDispute',
      tags: ['Disputes'],
      summary:
        'Save your evidence for an opened dispute as a draft, or submit it (submit: true; final, sent to the gateway, which rules won or lost). 409 when the dispute is no longer opened or its respond_by has passed; 400 when a submit has no evidence',
      parameters: [idParam, idempotency],
      requestBody: body('DisputeEvidence'),
      responses: { 200: json('Dispute', 'The dispute'), 404: answer('NotFound'), ...write },
    },
  },
});

/** The balance call. */
const balancePaths = () => ({
  '/balance': {
    get: {
      operationId: 'getBalance',
      tags: ['Balance'],
      summary:
        'Your balances per currency: now, or as they were at an instant (the sum of the journal entries before it)',
      parameters: [
        {
          name: 'at',
          in: 'query',
          required: false,
          description: 'An instant with its zone, not in the future (e.g. 2026-01-31T23:59:59Z)',
          schema: { type: 'string', format: 'date-time' },
        },
      ],
      responses: { 200: json('Balance', 'Balances'), 400: answer('BadRequest'), ...read },
    },
  },
});

/** The statement call (issue 44). */
const statementPaths = () => ({
  '/statements': {
    get: {
      operationId: 'getStatement',
      tags: ['Statements'],
      summary:
        "A statement of your accounts in one currency for UTC days from..to (both included, at most 366 days), with the proofs that tie it to the platform's signed daily seals: check it offline with tools/statement-verifier (plain Node). 409 while the last day is not sealed yet (five minutes after it ends)",
      parameters: [
        { name: 'currency', in: 'query', required: true, schema: { type: 'string' } },
        { name: 'from', in: 'query', required: true, schema: { type: 'string', format: 'date' } },
        { name: 'to', in: 'query', required: true, schema: { type: 'string', format: 'date' } },
      ],
      responses: {
        200: json('Statement', 'The statement (format bo-statement-1)'),
        400: answer('BadRequest'),
        409: answer('Conflict'),
        ...read,
      },
    },
  },
});

/** A statement's shape, in outline: docs/money.md, "A statement the merchant can verify". */
const STATEMENT_SCHEMA = {
  type: 'object',
  description:
    'format bo-statement-1: the seals that open and close the period (day, root, signature, public key), and per account its opening and closing head (seq, balance, hash, Merkle proof) and every entry chained between them',
  properties: {
    format: { type: 'string', enum: ['bo-statement-1'] },
    currency: { type: 'string' },
    from: { type: 'string', format: 'date' },
    to: { type: 'string', format: 'date' },
    openingSeal: { type: 'object', nullable: true },
    closingSeal: { type: 'object' },
    accounts: { type: 'array', items: { type: 'object' } },
  },
};

/** The schemas of the bodies the calls take and answer, from the contract's. */
const schemas = () => ({
  CreatePayin: schema(apiCreatePayin),
  Payin: schema(apiPayin),
  CreatePayout: schema(apiCreatePayout),
  Payout: schema(apiPayout),
  PayinList: schema(apiListOf(apiPayin)),
  CreateRefund: schema(apiCreateRefund),
  Refund: schema(apiRefund),
  RefundList: schema(apiListOf(apiRefund)),
  Dispute: schema(apiDispute),
  DisputeList: schema(apiListOf(apiDispute)),
  DisputeEvidence: schema(apiDisputeEvidence),
  ...apiReadSchemas(),
  Balance: schema(apiBalance),
  Statement: STATEMENT_SCHEMA,
  Error: schema(apiError),
  Notification: schema(apiNotification),
});

/** The OpenAPI 3 document of the merchant API, generated from the contract's schemas. */
export function buildOpenApiDocument() {
  return {
    openapi: '3.0.3',
    info: { title: 'Payment Back Office merchant API', version: '1.5.0', description: DESCRIPTION },
    servers: [
      {
        url: MERCHANT_API_BASE_PATH,
        description: 'This server: relative to where this document is served',
      },
    ],
    security: [{ ApiKey: [], Timestamp: [], Signature: [] }],
    tags: [
      { name: 'Pay-ins' },
      { name: 'Pay-outs' },
      { name: 'Refunds' },
      { name: 'Disputes' },
      ...apiReadFacets.all().map(([, f]) => ({ name: f.doc.tag })),
      { name: 'Balance' },
      { name: 'Statements' },
    ],
    paths: {
      ...payinPaths(),
      ...payoutPaths(),
      ...refundPaths(),
      ...disputePaths(),
      ...apiReadPaths(),
      ...balancePaths(),
      ...statementPaths(),
    },
    components: { securitySchemes, responses, schemas: schemas() },
  };
}
