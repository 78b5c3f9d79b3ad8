-- Gateway reconciliation, phase 2 (issue 28): how the differences of a run were resolved. Runs
-- and their lines stay immutable; each resolution of a line is a row here (docs/reconciliation.md).
CREATE TABLE recon_resolutions (
  id uuid PRIMARY KEY,
  run_id uuid NOT NULL,
  seq integer NOT NULL,
  -- 'gateway_accepted': the gateway's final state was taken through our lifecycle;
  -- 'gateway_agrees': the gateway's final state is ours already; 'write_off': the difference
  -- posted to the platform's reconciliation_difference account (maker-checker); 'explained'.
  kind text NOT NULL CHECK (kind IN ('gateway_accepted', 'gateway_agrees', 'write_off', 'explained')),
  -- A write-off waits for its approvals ('pending'), then is 'done' (posted) or 'rejected';
  -- the other kinds are done at once.
  status text NOT NULL CHECK (status IN ('pending', 'done', 'rejected')),
  currency text NOT NULL,
  -- A write-off: what is written off, signed (+: the gateway holds more of ours than our books
  -- say, a gain), and its size (the maker-checker's amount); 0 for the other kinds.
  difference bigint NOT NULL DEFAULT 0,
  amount bigint NOT NULL DEFAULT 0 CHECK (amount >= 0),
  -- The reason or note the admin gave (required).
  note text NOT NULL,
  -- A gateway query: what the gateway said and our status before and after.
  details jsonb,
  journal_id uuid,
  created_by uuid NOT NULL REFERENCES accounts (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  decision_reason_code text,
  decision_note text,
  FOREIGN KEY (run_id, seq) REFERENCES recon_lines (run_id, seq)
);
-- One open or done resolution per line: a line is resolved once, never two at once.
CREATE UNIQUE INDEX recon_resolutions_one_per_line ON recon_resolutions (run_id, seq)
  WHERE status IN ('pending', 'done');
CREATE INDEX recon_resolutions_pending_idx ON recon_resolutions (created_at) WHERE status = 'pending';
