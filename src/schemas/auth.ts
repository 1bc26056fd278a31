import * as z from "zod";
import { PASSWORD_LENGTH, USERNAME_LENGTH } from "../config/api";

/** Usernames are compared case-insensitively, so they are stored lower-cased. */
export const usernameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(USERNAME_LENGTH.min, "Username is required")
  .max(USERNAME_LENGTH.max);

/** A new or reset password: 8 to 128 characters, never truncated. */
export const newPasswordSchema = z
  .string()
  .min(PASSWORD_LENGTH.min, `Password must be at least ${PASSWORD_LENGTH.min} characters`)
  .max(PASSWORD_LENGTH.max, `Password must be at most ${PASSWORD_LENGTH.max} characters`);

/** Body of POST /api/portal/login (spec 3). */
export const loginSchema = z.object({
  username: usernameSchema,
  password: z.string().min(1, "Password is required").max(PASSWORD_LENGTH.max),
  rememberMe: z.boolean().default(false),
});

/** Answer of POST /api/portal/login. */
export const loginResponseSchema = z.object({ token: z.string() });

export type LoginInput = z.infer<typeof loginSchema>;
