-- Risk controls (issue 42): a new pay-in, pay-out, settlement or withdrawal may be held for
-- review (`held_for_review`) or refused at intake (`blocked`). The statuses are the contract's
-- lifecycles (no CHECK on these tables names statuses). What a review queue and its expiry read:
-- each table's held items by age, in a partial index that holds only them (empty when no rule
-- holds anything), as the approval queues' `*_awaiting_idx`.
CREATE INDEX payins_held_idx ON payins (created_at) WHERE status = 'held_for_review';
CREATE INDEX payouts_held_idx ON payouts (created_at) WHERE status = 'held_for_review';
CREATE INDEX settlements_held_idx ON settlements (created_at) WHERE status = 'held_for_review';
CREATE INDEX withdrawals_held_idx ON withdrawals (created_at) WHERE status = 'held_for_review';

-- A pay-in's review may decline it (`rejected`): its reason code and note, as the other kinds
-- keep theirs (0300), shown to the merchant with the row.
ALTER TABLE payins ADD COLUMN decision_reason_code text, ADD COLUMN decision_note text;
