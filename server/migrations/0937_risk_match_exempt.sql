-- Risk controls (issue 42): whether an active match was lifted by an allow rule of its own
-- scope or one above (the evaluator's `exempt`, risk-evaluate.ts), kept so the per-rule report
-- (`getRiskRuleReport`) counts what a rule itself held or blocked without evaluating the
-- verdict again. Rows written before this column read false: nothing was lifted then that the
-- report could tell.
ALTER TABLE risk_matches ADD COLUMN exempt boolean NOT NULL DEFAULT false;
