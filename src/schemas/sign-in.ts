import { z } from "./zod";
import { PASSWORD_LENGTH, PORTAL_PASSWORD, USERNAME_LENGTH } from "./limits";

/** Usernames are compared case-insensitively, so they are stored lower-cased. */
export const usernameSchema = z
  .string()
  .check(
    z.trim(),
    z.toLowerCase(),
    z.minLength(USERNAME_LENGTH.min, "Username is required"),
    z.maxLength(USERNAME_LENGTH.max),
  );

/** A new or reset password: 8 to 128 characters, never truncated. */
export const newPasswordSchema = z
  .string()
  .check(
    z.minLength(PASSWORD_LENGTH.min, `Password must be at least ${PASSWORD_LENGTH.min} characters`),
    z.maxLength(PASSWORD_LENGTH.max, `Password must be at most ${PASSWORD_LENGTH.max} characters`),
  );

/** A password chosen in the portal: length here; the strength estimate runs on the server too. */
export const portalPasswordSchema = z
  .string()
  .check(
    z.minLength(PORTAL_PASSWORD.minLength, `Password must be at least ${PORTAL_PASSWORD.minLength} characters`),
    z.maxLength(PASSWORD_LENGTH.max, `Password must be at most ${PASSWORD_LENGTH.max} characters`),
  );

/** Body of POST /api/portal/login; without rememberMe the token lasts a working day. */
export const loginSchema = z.object({
  username: usernameSchema,
  password: z.string().check(z.minLength(1, "Password is required"), z.maxLength(PASSWORD_LENGTH.max)),
  rememberMe: z._default(z.boolean(), false),
  /** The known-device token this browser got at its last sign-in to this account, if any. */
  deviceToken: z.optional(z.string().check(z.maxLength(2000))),
});

export type LoginInput = z.infer<typeof loginSchema>;

/** Body of POST /api/portal/login/second-factor: the ticket the password step gave, and a code or recovery code. */
export const secondFactorSchema = z.object({
  ticket: z.uuid(),
  code: z.string().check(z.trim(), z.minLength(1, "Code is required"), z.maxLength(32)),
});

/** Answer of the password step: signed in, or a second step to take. */
export const loginAnswerSchema = z.union([
  z.object({
    token: z.string(),
    deviceToken: z.string(),
    /** The company requires a second factor and this account has none: set one up now. */
    setupSecondFactor: z.optional(z.literal(true)),
  }),
  z.object({ secondFactor: z.literal("totp"), ticket: z.uuid() }),
]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;
