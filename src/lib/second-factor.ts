/**
 * The 403 message the API gives a session that must set up a second factor first (the company requires one and
 * the password sign-in had none): the server sends it, the portal's client recognises it.
 */
export const SECOND_FACTOR_REQUIRED = "Set up a second factor first";
/** That 403's `code`: what the portal's client branches on. */
export const SECOND_FACTOR_REQUIRED_CODE = "second_factor_required";

/**
 * The `code` of the 403 a sensitive change gets when the session has not confirmed its owner in the last 10
 * minutes (sudo mode): the portal then asks for the password (and code) or a passkey, and tries again.
 */
export const CONFIRMATION_REQUIRED = "confirmation_required";
