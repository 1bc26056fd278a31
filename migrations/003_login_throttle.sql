-- Addresses each staff user signed in from (an IPv4 address or an IPv6 /64), with the latest success.
-- While an attacker hammers a username from elsewhere, the username-wide back-off slows every
-- unknown address down; an address listed here for that user (within 30 days) is exempt, so the
-- owner still signs in. Rows go with their user; old ones are pruned on the user's next success.
CREATE TABLE login_known_addresses (
  user_id         uuid NOT NULL REFERENCES staff_users (id) ON DELETE CASCADE,
  address         text NOT NULL,
  last_success_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, address)
);
