-- The detail view of one money item (getMoneyDetail): its journal lines, the gateway's
-- callbacks (raw, duplicates marked), the merchant notifications and the admin-log entries
-- naming it, each found by the item's id without scanning a table.

-- The body a gateway sent, as received, kept with the event that applied once.
ALTER TABLE gateway_events ADD COLUMN raw_body text NOT NULL DEFAULT '';
CREATE INDEX gateway_events_ref_idx ON gateway_events (ref_id);

-- Redeliveries of an event already recorded: they change nothing, so they are kept apart
-- (written only when a duplicate arrives, never on the first delivery).
CREATE TABLE gateway_event_duplicates (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  gateway_id uuid NOT NULL,
  event_id text NOT NULL,
  ref_id uuid NOT NULL,
  raw_body text NOT NULL DEFAULT '',
  received_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX gateway_event_duplicates_ref_idx ON gateway_event_duplicates (ref_id);

-- A journal's lines (the ledger check scans; the detail view reads one journal's entries).
CREATE INDEX entries_journal_idx ON entries (journal_id);

CREATE INDEX merchant_notifications_ref_idx ON merchant_notifications (ref_id);

-- The admin log's entries about one item (the timeline; the admin-log screen's target filter).
CREATE INDEX admin_logs_target_idx ON admin_logs (target_id, created_at) WHERE target_id <> '';
