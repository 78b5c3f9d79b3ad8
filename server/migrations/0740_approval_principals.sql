-- Maker-checker counts people, not logins (issue 23). A sub-account acts for its parent, so an
-- approval is counted for its principal: the parent of a sub-account, else the account itself.
-- An admin and the admin's own sub-accounts are one approver, and none of them may approve what
-- any of them asked for (modules/approvals/approver-principal.ts).
ALTER TABLE approvals ADD COLUMN principal_account_id uuid REFERENCES accounts (id);
UPDATE approvals ap
   SET principal_account_id = coalesce(a.parent_account_id, a.id)
  FROM accounts a
 WHERE a.id = ap.approver_account_id;
ALTER TABLE approvals ALTER COLUMN principal_account_id SET NOT NULL;
-- Approvals recorded before this rule may hold one principal twice (a parent and its
-- sub-account); they are kept as they were, and every count reads distinct principals. New
-- ones are checked under the item's row lock, one principal at most once.
CREATE INDEX approvals_principal_idx ON approvals (ref_id, principal_account_id);
