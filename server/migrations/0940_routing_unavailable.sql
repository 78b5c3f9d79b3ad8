-- A payment routing could not decide (its data could not be read: issue 43, "Failure") keeps a
-- decision too, saying so, with no profile.
ALTER TABLE routing_decisions ALTER COLUMN profile_id DROP NOT NULL;
ALTER TABLE routing_decisions ALTER COLUMN profile_version DROP NOT NULL;
