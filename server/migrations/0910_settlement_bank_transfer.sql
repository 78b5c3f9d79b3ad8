-- What the admin who marks a bank settlement done records of the transfer (issue 40): the
-- bank's reference, the value date and, optionally, the platform account it was sent from.
-- Null until completion and for settlements to the USDT wallet.
ALTER TABLE settlements ADD COLUMN bank_reference text;
ALTER TABLE settlements ADD COLUMN value_date date;
ALTER TABLE settlements ADD COLUMN sending_account text;
ALTER TABLE settlements ADD CONSTRAINT settlements_bank_transfer_chk
  CHECK ((bank_reference IS NULL) = (value_date IS NULL)
    AND (sending_account IS NULL OR bank_reference IS NOT NULL));
