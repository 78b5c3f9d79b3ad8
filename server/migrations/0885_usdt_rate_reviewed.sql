-- The reviewed USDT rate (docs/security.md, Guarded settings): the last rate of a currency that
-- two people agreed to (put in force by a second admin's approval of a guarded setting change).
-- One admin alone may move the rate only within the band around it, so a run of in-band steps
-- by one admin cannot walk the rate anywhere. A rate in force before this column was set by
-- the system or already in use: it counts as reviewed.
ALTER TABLE usdt_rates ADD COLUMN reviewed_rate_e8 bigint;
UPDATE usdt_rates SET reviewed_rate_e8 = rate_e8;
ALTER TABLE usdt_rates ALTER COLUMN reviewed_rate_e8 SET NOT NULL;
ALTER TABLE usdt_rates ADD CONSTRAINT usdt_rates_reviewed_rate_e8_check CHECK (reviewed_rate_e8 > 0);
