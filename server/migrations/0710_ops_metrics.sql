-- /metrics counts the merchant notifications given up at every scrape: a small partial index
-- keeps that count from reading the whole (ever-growing) notification table.
CREATE INDEX merchant_notifications_abandoned_idx ON merchant_notifications (created_at)
  WHERE status = 'abandoned';
