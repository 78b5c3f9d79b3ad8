-- Gateway reconciliation (issue 28), mended: each line keeps the currency of ours it names, so a
-- write-off is refused where the statement's currency is not ours (docs/reconciliation.md);
-- and the unused `resolution` column goes (a line's resolution is a recon_resolutions row).
ALTER TABLE recon_lines ADD COLUMN our_currency text;
ALTER TABLE recon_lines DROP COLUMN resolution;

-- The runs already matched: ours' currency read from the transaction each line names.
UPDATE recon_lines l SET our_currency = p.currency FROM payins p
 WHERE l.our_kind = 'payin' AND p.id = l.our_id;
UPDATE recon_lines l SET our_currency = o.currency FROM payouts o
 WHERE l.our_kind = 'payout' AND o.id = l.our_id;
UPDATE recon_lines l SET our_currency = r.currency FROM refunds r
 WHERE l.our_kind = 'refund' AND r.id = l.our_id;
UPDATE recon_lines l SET our_currency = d.currency FROM disputes d
 WHERE l.our_kind = 'dispute' AND d.id = l.our_id;
