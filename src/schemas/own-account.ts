/** The signed-in person's own account: what they see, what they change, and confirming it is them. */
import { PASSWORD_LENGTH } from "./limits";
import { webAuthnResponseSchema } from "./passkeys";
import { portalPasswordSchema, usernameSchema } from "./sign-in";
import { displayNameSchema, STAFF_ROLES } from "./staff-accounts";
import { z } from "./zod";

/** GET /api/portal/account: the signed-in person. */
export const accountSchema = z.object({
  id: z.uuid(),
  username: usernameSchema,
  displayName: z.string(),
  role: z.enum(STAFF_ROLES),
  totp: z.boolean(),
  recoveryCodesLeft: z.int(),
  passkeys: z.array(z.object({ id: z.string(), name: z.string(), createdAt: z.iso.datetime() })),
  requireSecondFactor: z.boolean(),
});
export type Account = z.infer<typeof accountSchema>;

/** Body of PATCH /api/portal/account. */
export const accountChangeSchema = z.object({ displayName: displayNameSchema });

/** Body of POST /api/portal/account/password. */
export const passwordChangeSchema = z.object({
  currentPassword: z.string().check(z.minLength(1, "Current password is required"), z.maxLength(PASSWORD_LENGTH.max)),
  newPassword: portalPasswordSchema,
});

/**
 * Body of POST /api/portal/account/confirm (sudo mode): the password, with the authenticator's code when the
 * person has one; or instead of both, a passkey's answer to the challenge of the confirm's own options call.
 */
export const confirmSchema = z.union([
  z.object({
    password: z.string().check(z.minLength(1, "Password is required"), z.maxLength(PASSWORD_LENGTH.max)),
    code: z.optional(z.string().check(z.trim(), z.maxLength(32))),
  }),
  z.object({ ticket: z.uuid(), response: webAuthnResponseSchema }),
]);
export type ConfirmInput = z.infer<typeof confirmSchema>;
