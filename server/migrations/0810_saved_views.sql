-- Saved views of the lists (issue 29; modules/saved-views): a person names a list's filters,
-- sort and columns, and may make one of them the list's default. Each view is its owner's
-- alone; `list_key` is the list screen's id (the list kit's listId).
CREATE TABLE saved_views (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts (id),
  list_key text NOT NULL,
  name text NOT NULL,
  -- The list's URL query (filters, sort, zone, page size), as the list writes it.
  query text NOT NULL DEFAULT '',
  -- Column ids, comma-separated: those hidden, and the order the person put them in.
  hidden_columns text NOT NULL DEFAULT '',
  column_order text NOT NULL DEFAULT '',
  is_default boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- Names are unique per person and list, ignoring case; at most one default per person and list.
CREATE UNIQUE INDEX saved_views_name_idx ON saved_views (account_id, list_key, lower(name));
CREATE UNIQUE INDEX saved_views_default_idx ON saved_views (account_id, list_key)
  WHERE is_default;
