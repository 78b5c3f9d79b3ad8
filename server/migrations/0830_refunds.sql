-- Refunds (issue 26): money given back to a payer against a successful pay-in, in its currency.
-- The amount plus the refund fee is reserved from the merchant's available balance on request,
-- posted to the pay-in's gateway on success and voided on failure or rejection.
CREATE TABLE refunds (
  id uuid PRIMARY KEY,
  payin_id uuid NOT NULL REFERENCES payins (id),
  merchant_account_id uuid NOT NULL REFERENCES accounts (id),
  reseller_account_id uuid,
  currency text NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  fee bigint NOT NULL CHECK (fee >= 0),
  -- The part of the pay-in's fee given back with it (0 unless the platform returns fees).
  fee_returned bigint NOT NULL DEFAULT 0 CHECK (fee_returned >= 0),
  gateway_id uuid NOT NULL REFERENCES payment_gateways (id),
  contract_id uuid NOT NULL REFERENCES contracts (id),
  status text NOT NULL,
  reason text NOT NULL DEFAULT '',
  merchant_refund_id text,
  gateway_reference text NOT NULL DEFAULT '',
  notify_url text NOT NULL DEFAULT '',
  created_by uuid REFERENCES accounts (id),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  completed_at timestamptz,
  -- A rejection's reason code and note (approvals, as on every money-out).
  decision_reason_code text,
  decision_note text
);
-- Unique per merchant where given (NULLs never collide).
CREATE UNIQUE INDEX refunds_merchant_refund_id_idx ON refunds (merchant_account_id, merchant_refund_id);
CREATE INDEX refunds_payin_idx ON refunds (payin_id);
CREATE INDEX refunds_merchant_created_idx ON refunds (merchant_account_id, created_at DESC, id DESC);
CREATE INDEX refunds_reseller_created_idx ON refunds (reseller_account_id, created_at DESC, id DESC);
CREATE INDEX refunds_created_idx ON refunds (created_at DESC, id DESC);
CREATE INDEX refunds_awaiting_idx ON refunds (created_at) WHERE status = 'pending_approval';

-- What has been refunded of a pay-in: the sum of its succeeded refunds (ledger:check proves it).
ALTER TABLE payins ADD COLUMN refunded_amount bigint NOT NULL DEFAULT 0;

-- A contract line's refund fee: percent (ppm) plus fixed, 0 by default.
ALTER TABLE contracts ADD COLUMN refund_ppm integer NOT NULL DEFAULT 0
  CHECK (refund_ppm BETWEEN 0 AND 1000000);
ALTER TABLE contracts ADD COLUMN refund_fixed bigint NOT NULL DEFAULT 0 CHECK (refund_fixed >= 0);

-- The sandbox gateway pays refunds back too.
ALTER TABLE sandbox_payments DROP CONSTRAINT sandbox_payments_kind_check;
ALTER TABLE sandbox_payments ADD CONSTRAINT sandbox_payments_kind_check
  CHECK (kind IN ('payin', 'payout', 'refund'));
