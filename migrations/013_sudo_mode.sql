-- Sudo mode: when this session last proved its owner again (password and code, or a passkey that verified the
-- person). Changes to how one signs in, and other sensitive changes, need this within the last 10 minutes.
ALTER TABLE staff_sessions ADD COLUMN confirmed_at timestamptz;

-- A passkey is two factors only when its authenticator verified the person (PIN, fingerprint, face), not merely
-- that someone touched it. Passkeys stored before this was recorded count once they sign in with verification.
ALTER TABLE staff_passkeys ADD COLUMN user_verified boolean NOT NULL DEFAULT false;

-- A passkey's answer can stand in for the password and code of a confirmation; a passkey sign-in without user
-- verification takes the authenticator code as its second step, like a password ("method" says which it was).
ALTER TABLE auth_challenges DROP CONSTRAINT auth_challenges_kind_check;
ALTER TABLE auth_challenges ADD CONSTRAINT auth_challenges_kind_check
  CHECK (kind IN ('passkey-register', 'passkey-login', 'passkey-confirm', 'second-factor'));
ALTER TABLE auth_challenges ADD COLUMN method text NOT NULL DEFAULT 'password' CHECK (method IN ('password', 'passkey'));
