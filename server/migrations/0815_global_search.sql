-- The top bar's global search (issue 29, docs/search.md): every lookup is an index range.
-- Pay-ins already have theirs (0301: order id, gateway reference); a pay-out's order id was
-- only indexed behind its merchant (UNIQUE (merchant_account_id, order_id)), which an admin's
-- search does not name, and its gateway reference not at all.
CREATE INDEX payouts_order_id_idx ON payouts (order_id);
CREATE INDEX payouts_gateway_reference_idx ON payouts (gateway_reference)
  WHERE gateway_reference <> '';
-- Accounts by the start of their code, name or email, any case (LIKE 'text%' on lower(...)):
-- text_pattern_ops lets a prefix pattern use the index whatever the database's collation.
CREATE INDEX accounts_code_prefix_idx ON accounts (lower(account_db_code) text_pattern_ops);
CREATE INDEX accounts_name_prefix_idx ON accounts (lower(name) text_pattern_ops);
CREATE INDEX accounts_email_prefix_idx ON accounts (lower(email) text_pattern_ops);
