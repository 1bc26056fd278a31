import { z } from "./zod";
import { PASSWORD_LENGTH, USERNAME_LENGTH } from "./limits";

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

/** Body of POST /api/portal/login; without rememberMe the token lasts a working day. */
export const loginSchema = z.object({
  username: usernameSchema,
  password: z.string().check(z.minLength(1, "Password is required"), z.maxLength(PASSWORD_LENGTH.max)),
  rememberMe: z._default(z.boolean(), false),
  /** The known-device token this browser got at its last sign-in to this account, if any. */
  deviceToken: z.optional(z.string().check(z.maxLength(2000))),
});

export type LoginInput = z.infer<typeof loginSchema>;
