-- Issue 14: a signed merchant API request is accepted once. Each accepted signature is kept
-- until its X-Timestamp leaves the accepted window; a second request with it inside the window
-- is refused (replayed_request). Rows past expires_at are pruned (merchant-api/replay-guard.ts).
CREATE TABLE merchant_api_seen_signatures (
  signature text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
CREATE INDEX merchant_api_seen_signatures_expires_at ON merchant_api_seen_signatures (expires_at);

-- The exact bytes of the first response to an idempotent write (jsonb re-orders keys): a
-- replay answers them byte for byte. Rows saved before this column keep `response` only.
ALTER TABLE idempotency_keys ADD COLUMN response_text text;
