-- Gateway health monitoring (issue 13): rules that watch each gateway's pay-ins and callbacks,
-- the alerts they raise (one open alert per rule and gateway until its condition clears), and
-- the indexes the health figures read per gateway and window.
CREATE TABLE gateway_health_rules (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  -- NULL: every gateway.
  gateway_id uuid REFERENCES payment_gateways (id),
  kind text NOT NULL CHECK (kind IN ('success_rate', 'no_callback')),
  window_minutes integer NOT NULL CHECK (window_minutes BETWEEN 1 AND 1440),
  -- success_rate: the threshold in basis points (80.00% = 8000) and the fewest finished pay-ins.
  min_success_bp integer CHECK (min_success_bp BETWEEN 0 AND 10000),
  min_attempts integer CHECK (min_attempts >= 1),
  auto_deactivate boolean NOT NULL DEFAULT false,
  enabled boolean NOT NULL DEFAULT true,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (kind <> 'success_rate' OR (min_success_bp IS NOT NULL AND min_attempts IS NOT NULL))
);

CREATE TABLE gateway_health_alerts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- The rule may be deleted later; its name and thresholds are kept with the alert.
  rule_id uuid NOT NULL,
  rule_name text NOT NULL,
  kind text NOT NULL,
  gateway_id uuid NOT NULL REFERENCES payment_gateways (id),
  window_minutes integer NOT NULL,
  min_success_bp integer,
  min_attempts integer,
  observed_success_rate text,
  observed_attempts integer,
  silent_seconds integer,
  deactivated boolean NOT NULL DEFAULT false,
  raised_at timestamptz NOT NULL,
  resolved_at timestamptz
);
CREATE UNIQUE INDEX gateway_health_alerts_open_idx ON gateway_health_alerts (rule_id, gateway_id)
  WHERE resolved_at IS NULL;
CREATE INDEX gateway_health_alerts_raised_idx ON gateway_health_alerts (raised_at DESC)
  WHERE resolved_at IS NULL;

-- A gateway's pay-ins by creation time (its windows and chart, index-only with the status),
-- its open pay-ins, and its callbacks by arrival.
CREATE INDEX payins_gateway_created_idx ON payins (gateway_id, created_at) INCLUDE (status);
CREATE INDEX payins_gateway_pending_idx ON payins (gateway_id, created_at)
  WHERE status IN ('created', 'processing');
CREATE INDEX gateway_events_gateway_received_idx ON gateway_events (gateway_id, received_at);
