-- Support requests (issue 11): what an account asks the platform's support, and the admin's
-- answer. A request belongs to the account it was filed for (a sub-account's parent) and
-- remembers who filed it; an admin answers or closes it with a note.

CREATE TABLE support_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts (id),
  created_by_account_id uuid NOT NULL REFERENCES accounts (id),
  category text NOT NULL
    CHECK (category IN ('payin', 'payout', 'settlement', 'account', 'technical', 'other')),
  subject text NOT NULL,
  message text NOT NULL,
  transaction_reference text,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'answered', 'closed')),
  admin_note text,
  handled_by_account_id uuid REFERENCES accounts (id),
  handled_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The admin's list (newest first, by status) and an account's own.
CREATE INDEX support_requests_created_idx ON support_requests (created_at, id);
CREATE INDEX support_requests_status_idx ON support_requests (status, created_at, id);
CREATE INDEX support_requests_account_idx ON support_requests (account_id, created_at, id);
