import {
  apiBalance,
  apiCreatePayin,
  apiCreatePayout,
  apiError,
  apiNotification,
  apiPayin,
  apiPayout,
} from '@bo/contract';
import { z } from 'zod';

const schema = (s: z.ZodType) => z.toJSONSchema(s, { target: 'openapi-3.0', io: 'input' });

const signed = [
  {
    name: 'X-Api-Key',
    in: 'header',
    required: true,
    schema: { type: 'string' },
    description: 'Your API key id',
  },
  {
    name: 'X-Timestamp',
    in: 'header',
    required: true,
    schema: { type: 'string' },
    description: 'Unix seconds; refused when more than 5 minutes off',
  },
  {
    name: 'X-Signature',
    in: 'header',
    required: true,
    schema: { type: 'string' },
    description:
      'Hex HMAC-SHA256 with your secret over timestamp + "." + METHOD + "." + path + "." + rawBody',
  },
];
const idempotency = {
  name: 'Idempotency-Key',
  in: 'header',
  required: true,
  schema: { type: 'string', maxLength: 200 },
  description: 'A replay answers the first response; the same key with another body answers 409',
};
const json = (s: z.ZodType, description: string) => ({
  description,
  content: { 'application/json': { schema: schema(s) } },
});
const errors = {
  400: json(apiError, 'Bad input; nothing was changed'),
  401: json(apiError, 'Unknown key, stale timestamp or bad signature'),
  409: json(apiError, 'Duplicate order id, reused idempotency key, or not enough balance'),
};
const idParam = {
  name: 'id',
  in: 'path',
  required: true,
  schema: { type: 'string', format: 'uuid' },
};

/** The OpenAPI 3 document of the merchant API, generated from the contract's schemas. */
export function buildOpenApiDocument() {
  return {
    openapi: '3.0.3',
    info: {
      title: 'Payment Back Office merchant API',
      version: '1.3.5',
      description:
        'Amounts are decimal strings in major units. Results are posted to notify_url, signed like requests ' +
        '(X-Timestamp, X-Signature over timestamp.POST.path.body with your secret), retried with back-off until a 2xx. ' +
        `Notification body: ${JSON.stringify(schema(apiNotification))}`,
    },
    servers: [{ url: '/api/v1' }],
    paths: {
      '/payins': {
        post: {
          summary: 'Create a pay-in; the payer pays on payment_url',
          parameters: [...signed, idempotency],
          requestBody: {
            required: true,
            content: { 'application/json': { schema: schema(apiCreatePayin) } },
          },
          responses: { 201: json(apiPayin, 'The pay-in'), ...errors },
        },
      },
      '/payins/{id}': {
        get: {
          summary: 'Read a pay-in',
          parameters: [...signed, idParam],
          responses: {
            200: json(apiPayin, 'The pay-in'),
            404: json(apiError, 'Not yours or unknown'),
          },
        },
      },
      '/payouts': {
        post: {
          summary:
            'Create a pay-out from your pay-out balance (amount plus fee is reserved at once)',
          parameters: [...signed, idempotency],
          requestBody: {
            required: true,
            content: { 'application/json': { schema: schema(apiCreatePayout) } },
          },
          responses: { 201: json(apiPayout, 'The pay-out'), ...errors },
        },
      },
      '/payouts/{id}': {
        get: {
          summary: 'Read a pay-out',
          parameters: [...signed, idParam],
          responses: {
            200: json(apiPayout, 'The pay-out'),
            404: json(apiError, 'Not yours or unknown'),
          },
        },
      },
      '/balance': {
        get: {
          summary: 'Your balances per currency',
          parameters: signed,
          responses: { 200: json(apiBalance, 'Balances') },
        },
      },
    },
  };
}
