-- Report settings (/report-setting, issues 12 and 13): the default time zone every report reads
-- its days in when a request names none, and the optional columns each report hides by
-- default. One row, read by every report without a time zone (a primary-key read), so it is
-- its own small table rather than entries of `settings`. Which columns are optional is the
-- contract's table (REPORT_COLUMN_SETTINGS); the server checks every save against it.
CREATE TABLE report_settings (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  default_time_zone text NOT NULL DEFAULT 'Default',
  -- Report id to the list of its hidden optional columns: {"profitReport": ["payin_fee"]}.
  hidden_columns jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(hidden_columns) = 'object'),
  updated_by_account_id uuid REFERENCES accounts (id),
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO report_settings (id) VALUES (true);
