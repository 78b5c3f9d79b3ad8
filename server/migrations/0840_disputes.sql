-- Disputes (issue 27): a payer disputed a successful pay-in with their bank and the gateway took
-- the money back. The disputed amount plus the dispute fee is held from the merchant's available
-- balance on the merchant's `disputed` ledger account while the dispute is open; a won dispute
-- releases it, a lost one posts it to the gateway (docs/money.md, Disputes).
CREATE TABLE disputes (
  id uuid PRIMARY KEY,
  payin_id uuid NOT NULL REFERENCES payins (id),
  merchant_account_id uuid NOT NULL REFERENCES accounts (id),
  reseller_account_id uuid,
  currency text NOT NULL,
  -- At most the pay-in's amount less its refunds and its other disputes (the service checks it
  -- under the pay-in's lock; ledger:check proves refunds plus lost disputes never exceed it).
  amount bigint NOT NULL CHECK (amount > 0),
  -- The gateway's dispute fee, held with the amount.
  fee bigint NOT NULL CHECK (fee >= 0),
  -- What of amount + fee could not come from the available balance when it was opened: taken
  -- from the merchant's `dispute_shortfall` account (which goes negative), given back first.
  shortfall bigint NOT NULL DEFAULT 0 CHECK (shortfall >= 0),
  -- The dispute fee the gateway gave back with a won dispute.
  fee_returned bigint NOT NULL DEFAULT 0 CHECK (fee_returned >= 0 AND fee_returned <= fee),
  gateway_id uuid NOT NULL REFERENCES payment_gateways (id),
  status text NOT NULL,
  reason_code text NOT NULL,
  respond_by timestamptz NOT NULL,
  gateway_reference text NOT NULL DEFAULT '',
  notify_url text NOT NULL DEFAULT '',
  -- The merchant's written evidence: a draft until `evidence_submitted_at` is set (final).
  evidence_product_description text NOT NULL DEFAULT '',
  evidence_customer_communication text NOT NULL DEFAULT '',
  evidence_service_proof text NOT NULL DEFAULT '',
  evidence_note text NOT NULL DEFAULT '',
  evidence_submitted_at timestamptz,
  created_by uuid REFERENCES accounts (id),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  completed_at timestamptz
);
CREATE INDEX disputes_payin_idx ON disputes (payin_id);
CREATE INDEX disputes_merchant_created_idx ON disputes (merchant_account_id, created_at DESC, id DESC);
CREATE INDEX disputes_reseller_created_idx ON disputes (reseller_account_id, created_at DESC, id DESC);
CREATE INDEX disputes_created_idx ON disputes (created_at DESC, id DESC);
-- The deadline sweep's and the "needs response" queue's index.
CREATE INDEX disputes_respond_by_idx ON disputes (respond_by) WHERE status = 'opened';

-- The sandbox gateway opens and rules disputes too.
ALTER TABLE sandbox_payments DROP CONSTRAINT sandbox_payments_kind_check;
ALTER TABLE sandbox_payments ADD CONSTRAINT sandbox_payments_kind_check
  CHECK (kind IN ('payin', 'payout', 'refund', 'dispute'));
