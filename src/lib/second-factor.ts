import type { ErrorCode } from "~/schemas/error-codes";

/**
 * The 403 message the API gives a session that must set up a second factor first (the company requires one and
 * the password sign-in had none). People read the message; the portal's client recognises the code beside it.
 */
export const SECOND_FACTOR_REQUIRED = "Set up a second factor first";

/** The `code` of that 403 (`SECOND_FACTOR_REQUIRED`'s): what the portal's client branches on. */
export const SECOND_FACTOR_REQUIRED_CODE = "second_factor_required" satisfies ErrorCode;

/**
 * The `code` of the 403 a sensitive change gets when the session has not confirmed its owner in the last 10
 * minutes (sudo mode): the portal then asks for the password (and code) or a passkey, and tries again.
 */
export const CONFIRMATION_REQUIRED = "confirmation_required" satisfies ErrorCode;
