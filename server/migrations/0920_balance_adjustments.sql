-- Balance adjustments (issue 41): an admin corrects a merchant's or a reseller's balance; other
-- admins approve it; on approval one balanced journal entry moves the money between the owner's
-- balance and the platform's profit (`platform_fees`): a credit is a platform cost.
CREATE TABLE balance_adjustments (
  id uuid PRIMARY KEY,
  -- Whose balance: a merchant (available or payout_available) or a reseller (commission).
  owner_account_id uuid NOT NULL REFERENCES accounts (id),
  -- The owner when a merchant (the merchant API's and the lists' merchant scope), else null.
  merchant_account_id uuid REFERENCES accounts (id),
  -- The owner's reseller, or the owner itself when a reseller (the lists' reseller scope).
  reseller_account_id uuid,
  direction text NOT NULL CHECK (direction IN ('credit', 'debit')),
  balance text NOT NULL CHECK (balance IN ('available', 'payout_available', 'commission')),
  currency text NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  reason_code text NOT NULL
    CHECK (reason_code IN ('fee_correction', 'goodwill', 'bank_return', 'chargeback_fee', 'other')),
  note text NOT NULL,
  related_id text,
  status text NOT NULL CHECK (status IN ('pending_approval', 'approved', 'rejected')),
  -- The least number of distinct approvers it needs, fixed when it is asked for (3 for a debit
  -- at or above the general setting `adjustment_third_approver_from`, else 1; the currency's
  -- two-approver threshold may still ask for 2).
  min_approvals integer NOT NULL DEFAULT 1 CHECK (min_approvals BETWEEN 1 AND 3),
  created_by uuid NOT NULL REFERENCES accounts (id),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  decided_at timestamptz,
  decision_reason_code text,
  decision_note text
);
CREATE INDEX balance_adjustments_created_idx ON balance_adjustments (created_at DESC, id);
CREATE INDEX balance_adjustments_owner_created_idx
  ON balance_adjustments (owner_account_id, created_at DESC);
CREATE INDEX balance_adjustments_merchant_created_idx
  ON balance_adjustments (merchant_account_id, created_at DESC) WHERE merchant_account_id IS NOT NULL;
CREATE INDEX balance_adjustments_pending_idx
  ON balance_adjustments (created_at) WHERE status = 'pending_approval';
