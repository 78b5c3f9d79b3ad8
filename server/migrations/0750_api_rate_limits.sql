-- The merchant API's rate limit per key (issue 31; merchant-api/rate-limit.ts): one token bucket
-- per API key shared by every server instance. An instance takes tokens from it a batch at a
-- time and spends them locally, so the database sees one statement per batch, not per request.
CREATE TABLE api_rate_buckets (
  key_id text PRIMARY KEY,
  -- Tokens left when last refilled; refilled at the sustained rate up to the burst.
  tokens double precision NOT NULL,
  refilled_at timestamptz NOT NULL
);
