-- Gateway administration (issue 13): why and when a gateway's status last changed, and its
-- connector credentials kept encrypted (AES-256-GCM envelope, never sent back to a client).
ALTER TABLE payment_gateways ADD COLUMN status_reason text NOT NULL DEFAULT '';
ALTER TABLE payment_gateways ADD COLUMN status_changed_at timestamptz;
ALTER TABLE payment_gateways ADD COLUMN credentials_encrypted text;
ALTER TABLE payment_gateways ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();

-- Each manual move of a gateway's deposit balance: the journal it posted, the figure before
-- and after, who and why (the journal's ref_id is the adjustment's id).
CREATE TABLE gateway_deposit_adjustments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  gateway_id uuid NOT NULL REFERENCES payment_gateways (id),
  currency text NOT NULL,
  amount bigint NOT NULL CHECK (amount <> 0),
  balance_before bigint NOT NULL,
  balance_after bigint NOT NULL,
  reason text NOT NULL,
  journal_id uuid NOT NULL,
  created_by uuid REFERENCES accounts (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX gateway_deposit_adjustments_gateway_idx ON gateway_deposit_adjustments (gateway_id, created_at);
