-- A pay-out refused before any transfer was tried is `rejected` (issue 25), no longer `failed`:
-- by an admin or the expiry sweep while it awaited approval (their reason codes as before), or
-- by its gateway when it was handed over, with this system reason (admins cannot pick it).
-- Pay-outs rejected before this change stay `failed`, with their reason code kept on the row.
INSERT INTO reject_reasons (code, label, is_system)
VALUES ('gateway_rejected', 'Refused by the payment gateway', true)
ON CONFLICT (code) DO NOTHING;
