/** English strings of the API documentation (/api-documentation). */
export const apiDocs = {
  signingTitle: 'Signing requests',
  intro:
    'Your backend calls the merchant API at <url>{{baseUrl}}</url> with JSON bodies. Every request is signed with the secret of your API key (Merchant settings); the reference below lists every operation, field and error.',
  headersTitle: 'Headers of every request',
  headerKey: 'Your API key id.',
  headerTimestamp:
    "The current time in unix seconds; refused when more than 5 minutes from the server's clock.",
  headerSignature: 'Hex HMAC-SHA256 of the signed string, keyed with your API secret.',
  headerIdempotency:
    'On writes (POST) only: unique per pay-in or pay-out you mean. A retry with the same key and body answers the first response; the same key with another body answers 409.',
  signedTitle: 'The signed string',
  signedIntro:
    'Join these six parts with line breaks (\\n), in this order, with no line break at the end:',
  partVersion: 'the letters <code>v2</code>, the version of this string.',
  partTimestamp: 'the X-Timestamp header, exactly as sent.',
  partMethod: 'the HTTP method in upper case (GET, POST).',
  partPath:
    'the full path as sent, <code>/api/v1</code> included, with its query string if any: <code>/api/v1/payins</code>, not <code>/payins</code>.',
  partIdempotency:
    'the Idempotency-Key header, exactly as sent; empty when the request has none (a GET).',
  partBody:
    'the exact body you send (sign the text you send, not an object serialised again); empty for a GET.',
  refused:
    'A missing header, an unknown key, a stale timestamp, a wrong signature or a signed request sent a second time answers 401, with the reason in error.code: sign every request anew, retries included.',
  examplesTitle: 'Examples',
  examplesHint:
    'Each example creates a pay-in and reads it back. Set API_BASE_URL, API_KEY_ID and API_SECRET in the environment before running it.',
  copy: 'Copy',
  copied: 'Copied',
  copyRefused: 'The browser refused to copy: select the text instead.',
  referenceTitle: 'API reference',
  downloadDocument: 'Download openapi.json',
  redoc: {
    responses: 'Responses',
    requestSamples: 'Request samples',
    responseSamples: 'Response samples',
    download: 'Download',
    downloadSpecification: 'Download the OpenAPI document',
  },
};
