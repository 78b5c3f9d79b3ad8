-- Issue 39: the global search finds a reconciliation line by its statement reference (the
-- gateway's, exactly): an index probe, whatever the number of runs and lines. Lines of ours the
-- statement does not name have no reference ('') and are left out of the index.
CREATE INDEX recon_lines_reference_idx ON recon_lines (reference) WHERE reference <> '';
