-- `dispute_files.submitted_at` (0842) copied its dispute's `evidence_submitted_at` and has been
-- neither written nor read since: a file is submitted when its dispute's evidence is, as files
-- change only while the dispute is `opened` (docs/money.md, Disputes).
ALTER TABLE dispute_files DROP COLUMN submitted_at;
