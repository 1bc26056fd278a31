import { z } from "./zod";

/** What a staff member gets by e-mail: one per new message, a daily digest, or nothing. */
export const NOTIFY_CHOICES = ["each", "digest", "none"] as const;

/** The longest e-mail address the staff table stores. */
export const STAFF_EMAIL_MAX = 254;

/**
 * A staff member's notification settings, as GET and PUT /api/portal/notification-preferences carry them. An
 * address is needed for any choice but "none" (null: no address).
 */
export const notificationPreferencesSchema = z
  .object({
    email: z.nullable(
      z
        .string()
        .check(
          z.trim(),
          z.maxLength(STAFF_EMAIL_MAX, `E-mail must be at most ${STAFF_EMAIL_MAX} characters`),
          z.email("Enter a valid e-mail address"),
        ),
    ),
    notify: z.enum(NOTIFY_CHOICES),
  })
  .check(
    z.refine((p) => p.notify === "none" || p.email !== null, {
      message: "Enter the address the e-mails should go to",
      path: ["email"],
    }),
  );

/**
 * The settings as GET and PUT answer them: `email` is the confirmed address (the only one anything is sent to);
 * a new address waits in `pendingEmail` until the link mailed to it is opened, before `pendingUntil`.
 */
export const notificationSettingsSchema = z.object({
  email: z.nullable(z.string()),
  notify: z.enum(NOTIFY_CHOICES),
  pendingEmail: z.nullable(z.string()),
  pendingUntil: z.nullable(z.iso.datetime()),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** Body of POST /api/portal/notification-address/confirm: the secret of the link mailed to the new address. */
export const addressConfirmSchema = z.object({
  token: z.string().check(z.regex(/^[\w-]{20,100}$/, "This confirmation link is not valid")),
});

export type NotifyChoice = (typeof NOTIFY_CHOICES)[number];
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
