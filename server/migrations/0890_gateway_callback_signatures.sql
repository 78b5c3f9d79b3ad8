-- Issue 39: a gateway callback is accepted once. Each applied callback's signature (the 32
-- bytes of its HMAC) is kept, in the transaction that applies it, until its signed timestamp
-- leaves the accepted window (GATEWAY_CALLBACK_WINDOW_SECONDS); the same bytes again inside it
-- are refused as a replay (401 `replayed_callback`). A table, not a process's memory, so every
-- instance on the database agrees. Rows past expires_at are pruned (gateway-callbacks module).
CREATE TABLE gateway_callback_signatures (
  signature bytea PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
-- Rows arrive in about the order they expire: a BRIN index costs next to nothing per insert.
CREATE INDEX gateway_callback_signatures_expires_at
  ON gateway_callback_signatures USING brin (expires_at);
