-- Dispute evidence files (issue 27): the PDFs and images a merchant sends with its answer to a
-- dispute. Kept in the database, not on a disk of one instance: every instance serves them, and
-- a backup (pg_dump, or a base backup with archived WAL: docs/operations.md, Backups) holds them
-- with the dispute they belong to (docs/money.md, Disputes). At most 10 per dispute, 5 MB each.
CREATE TABLE dispute_files (
  id uuid PRIMARY KEY,
  dispute_id uuid NOT NULL REFERENCES disputes (id),
  -- The name it was uploaded with, made safe (no path, no control characters, the extension of
  -- its type): shown, and given back on download.
  file_name text NOT NULL CHECK (length(file_name) BETWEEN 1 AND 200),
  -- Read from its bytes (magic numbers), never from its name or the client's content type.
  content_type text NOT NULL CHECK (content_type IN ('application/pdf', 'image/png', 'image/jpeg')),
  size_bytes integer NOT NULL CHECK (size_bytes > 0 AND size_bytes <= 5242880),
  -- Hex SHA-256 of content.
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  content bytea NOT NULL CHECK (octet_length(content) = size_bytes),
  uploaded_by uuid NOT NULL REFERENCES accounts (id),
  uploaded_at timestamptz NOT NULL,
  -- Set when the evidence it belongs to is submitted (final): no longer removable.
  submitted_at timestamptz
);
-- PDFs, PNGs and JPEGs are compressed already: stored out of line without trying again.
ALTER TABLE dispute_files ALTER COLUMN content SET STORAGE EXTERNAL;
CREATE INDEX dispute_files_dispute_idx ON dispute_files (dispute_id, uploaded_at, id);
