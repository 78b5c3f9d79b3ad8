-- Reconciliation resolutions, phase 3 (issue 28; docs/reconciliation.md, Resolution).
--
-- A write-off left waiting for its approvals longer than any money request may wait
-- (`approval_expiry_hours`) is expired by the request-expiry sweep: 'expired', as a rejection
-- (nothing posted, the line may be resolved again), a state of its own on screen.
ALTER TABLE recon_resolutions DROP CONSTRAINT recon_resolutions_status_check;
ALTER TABLE recon_resolutions ADD CONSTRAINT recon_resolutions_status_check
  CHECK (status IN ('pending', 'done', 'rejected', 'expired'));
-- A line's resolutions, newest first: the lines list shows a line's open resolution, else its
-- last write-off rejected or expired.
CREATE INDEX recon_resolutions_line_idx ON recon_resolutions (run_id, seq, created_at DESC);

-- The sandbox keeps a dispute's ruling whole (whether it gave its fee back), so a query
-- answers what its ruling callback says. Null: not ruled, or ruled before this column.
ALTER TABLE sandbox_payments ADD COLUMN fee_returned boolean;
