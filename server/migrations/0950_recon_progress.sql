-- Reconciliation's progress for the admin dashboard without reading history (issue 46): the
-- dashboard summed every run and grouped every done resolution, which grows with a run per
-- gateway and day. Kept as the rows change instead, in the transaction that changes them
-- (reconciliation/recon-progress.ts): one row of totals, and a row per run with differences
-- still to resolve, dropped once the last is resolved. Runs and resolutions stay as they are.
CREATE TABLE recon_progress (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  -- Every run's differences, and the resolutions done (each resolves one of them).
  differences bigint NOT NULL,
  resolved bigint NOT NULL
);
CREATE TABLE recon_open_runs (
  run_id uuid PRIMARY KEY REFERENCES recon_runs (id) DEFERRABLE INITIALLY DEFERRED,
  -- Its differences not resolved yet (always above 0: the row goes at 0).
  unresolved integer NOT NULL CHECK (unresolved > 0)
);

-- What the rows say today.
INSERT INTO recon_progress (differences, resolved)
SELECT (SELECT coalesce(sum(difference_count), 0) FROM recon_runs),
       (SELECT count(*) FROM recon_resolutions WHERE status = 'done');
INSERT INTO recon_open_runs (run_id, unresolved)
SELECT r.id, r.difference_count - coalesce(x.n, 0)
  FROM recon_runs r
  LEFT JOIN (SELECT run_id, count(*) AS n FROM recon_resolutions WHERE status = 'done'
              GROUP BY run_id) x ON x.run_id = r.id
 WHERE r.difference_count > coalesce(x.n, 0);
