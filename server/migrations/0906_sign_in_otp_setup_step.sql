-- The team may be required to use 2FA (issue 40): an admin without it sets it up as a sign-in
-- step of its own (`otp_setup`) before a session is given.
ALTER TABLE sign_in_challenges DROP CONSTRAINT sign_in_challenges_step_check;
ALTER TABLE sign_in_challenges ADD CONSTRAINT sign_in_challenges_step_check
  CHECK (step IN ('otp_verify', 'password_change', 'otp_setup'));
