#!/bin/sh
# curl and openssl: create a pay-in. The body is signed byte for byte as it is sent.
BASE_URL="${API_BASE_URL:-http://localhost:3000}"
KEY_ID="${API_KEY_ID:-YOUR_KEY_ID}"
SECRET="${API_SECRET:-YOUR_SECRET}"

REQUEST_PATH="/api/v1/payins"
BODY="{\"amount\":\"1000.00\",\"currency\":\"THB\",\"order_id\":\"order-$(date +%s)-$$\"}"
TIMESTAMP="$(date +%s)"
IDEMPOTENCY_KEY="order-$TIMESTAMP-$$"
# The v2 signed string: six lines (v2, timestamp, METHOD, path, Idempotency-Key, body).
SIGNATURE="$(printf 'v2\n%s\nPOST\n%s\n%s\n%s' "$TIMESTAMP" "$REQUEST_PATH" "$IDEMPOTENCY_KEY" "$BODY" \
  | openssl dgst -sha256 -hmac "$SECRET" | sed 's/^.* //')"

curl -sS -X POST "$BASE_URL$REQUEST_PATH" \
  -H "X-Api-Key: $KEY_ID" \
  -H "X-Timestamp: $TIMESTAMP" \
  -H "X-Signature: $SIGNATURE" \
  -H "Idempotency-Key: $IDEMPOTENCY_KEY" \
  -H "Content-Type: application/json" \
  --data-raw "$BODY"
