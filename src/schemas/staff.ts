import { DISPLAY_NAME_LENGTH, PASSWORD_LENGTH, PORTAL_PASSWORD } from "./limits";
import { usernameSchema } from "./auth";
import { z } from "./zod";

/** What an account may do: admins also run the staff, the settings and the activity log. */
export const STAFF_ROLES = ["admin", "staff"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Invited: no password yet (a new person, or one an admin reset). */
export const STAFF_STATUSES = ["active", "invited", "disabled"] as const;

const displayNameSchema = z
  .string()
  .check(
    z.trim(),
    z.minLength(DISPLAY_NAME_LENGTH.min, "Display name is required"),
    z.maxLength(DISPLAY_NAME_LENGTH.max),
  );

/** A password chosen in the portal: length here; the strength estimate runs on the server too. */
export const portalPasswordSchema = z
  .string()
  .check(
    z.minLength(PORTAL_PASSWORD.minLength, `Password must be at least ${PORTAL_PASSWORD.minLength} characters`),
    z.maxLength(PASSWORD_LENGTH.max, `Password must be at most ${PASSWORD_LENGTH.max} characters`),
  );

/** One account as GET /api/portal/staff lists it. */
export const staffAccountSchema = z.object({
  id: z.uuid(),
  username: usernameSchema,
  displayName: z.string(),
  role: z.enum(STAFF_ROLES),
  status: z.enum(STAFF_STATUSES),
  /**
   * 100 wrong passwords since the last success: passwords are refused (except from the owner's known browser) for
   * 24 hours or until an admin enables or resets.
   */
  passwordLocked: z.boolean(),
  /** The confirmed notification address, and one waiting for its confirmation link to be opened. */
  email: z.nullable(z.string()),
  pendingEmail: z.nullable(z.string()),
  lastLoginAt: z.nullable(z.iso.datetime()),
  lastLoginIp: z.nullable(z.string()),
  totp: z.boolean(),
  passkeys: z.int(),
});
export type StaffAccount = z.infer<typeof staffAccountSchema>;

/** Body of POST /api/portal/staff. */
export const newStaffSchema = z.object({
  displayName: displayNameSchema,
  username: usernameSchema,
  role: z.enum(STAFF_ROLES),
});

/** Body of PATCH /api/portal/staff/:id: change the role, disable or enable. */
export const staffChangeSchema = z.object({
  role: z.optional(z.enum(STAFF_ROLES)),
  disabled: z.optional(z.boolean()),
});

/** A one-time link's secret and when it stops working (answer of invite and reset). */
export const invitationSchema = z.object({
  account: staffAccountSchema,
  /** Path plus fragment: the secret never reaches a server log. */
  link: z.string(),
  expiresAt: z.iso.datetime(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** Body of the invitation endpoints: the link's secret, and for accepting it the chosen password. */
export const invitationTokenSchema = z.object({ token: z.string().check(z.minLength(1), z.maxLength(200)) });
export const acceptInvitationSchema = z.object({
  token: z.string().check(z.minLength(1), z.maxLength(200)),
  password: portalPasswordSchema,
});

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

/** One signed-in device as the account screen lists it. */
export const sessionInfoSchema = z.object({
  id: z.uuid(),
  current: z.boolean(),
  userAgent: z.nullable(z.string()),
  ip: z.nullable(z.string()),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

/** Company settings the admins change. */
export const portalSettingsSchema = z.object({ requireSecondFactor: z.boolean() });
export type PortalSettings = z.infer<typeof portalSettingsSchema>;

/** Body of POST /api/portal/account/totp/confirm: a code from the newly set-up app. */
export const totpConfirmSchema = z.object({
  code: z.string().check(z.trim(), z.regex(/^\d{6}$/, "Enter the 6-digit code from the app")),
});

/** Answer of POST /api/portal/account/totp: the secret to type in, and the otpauth:// URI drawn as a QR code. */
export const totpSetupSchema = z.object({ secret: z.string(), uri: z.string() });
export type TotpSetup = z.infer<typeof totpSetupSchema>;

/**
 * A WebAuthn answer as @simplewebauthn/browser sends it: checked here for shape only; the server's WebAuthn
 * library checks every field and the signature.
 */
const webAuthnResponseSchema = z.looseObject({
  id: z.string().check(z.minLength(1), z.maxLength(1024)),
  rawId: z.string().check(z.maxLength(1024)),
  type: z.literal("public-key"),
  response: z.looseObject({ clientDataJSON: z.string().check(z.maxLength(16_384)) }),
});

/** Body of POST /api/portal/account/passkeys: the new credential and a name the person recognises it by. */
export const passkeyRegistrationSchema = z.object({
  ticket: z.uuid(),
  response: webAuthnResponseSchema,
  name: z._default(z.string().check(z.trim(), z.maxLength(60)), "Passkey"),
});

/** Body of POST /api/portal/login/passkey: the challenge's ticket and the authenticator's answer. */
export const passkeyLoginSchema = z.object({
  ticket: z.uuid(),
  response: webAuthnResponseSchema,
  rememberMe: z._default(z.boolean(), true),
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
