-- The live routing view (issue 43) counts the last hour's decisions per profile. A BRIN index
-- on their time: the rows are written in time order, so it stays small and costs intake next to
-- nothing, unlike a B-tree every pay-in would pay for (0939).
CREATE INDEX routing_decisions_at_brin ON routing_decisions USING brin (at);
