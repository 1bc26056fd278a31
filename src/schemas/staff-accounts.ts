/** The staff accounts the admins run: roles, the list, invitations and changes. */
import { DISPLAY_NAME_LENGTH } from "./limits";
import { portalPasswordSchema, usernameSchema } from "./sign-in";
import { z } from "./zod";

/** What an account may do: admins also run the staff, the settings and the activity log. */
export const STAFF_ROLES = ["admin", "staff"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Invited: no password yet (a new person, or one an admin reset). */
export const STAFF_STATUSES = ["active", "invited", "disabled"] as const;

/** A person's name as the portal shows it. */
export const displayNameSchema = z
  .string()
  .check(
    z.trim(),
    z.minLength(DISPLAY_NAME_LENGTH.min, "Display name is required"),
    z.maxLength(DISPLAY_NAME_LENGTH.max),
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
