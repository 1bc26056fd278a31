-- Every token names its session row, and reset, disable and sign-out end rows: the per-account token counter
-- that used to revoke tokens is no longer read by anything.
ALTER TABLE staff_users DROP COLUMN token_version;
