-- Gateway reconciliation (issue 28), import speed: each import stages its lines in an unlogged
-- table of its own (`recon_staged_<import id>`, made when the import starts and dropped when it
-- ends), loaded with COPY (docs/reconciliation.md). The shared staging table goes: its primary
-- key cost every staged line an index entry, and each import's deleted rows stayed behind as
-- dead rows until a vacuum.
DROP TABLE recon_staged_lines;
