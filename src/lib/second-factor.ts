/**
 * The 403 message the API gives a session that must set up a second factor first (the company requires one and
 * the password sign-in had none): the server sends it, the portal's client recognises it.
 */
export const SECOND_FACTOR_REQUIRED = "Set up a second factor first";
