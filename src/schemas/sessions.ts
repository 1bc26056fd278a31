import { z } from "./zod";
import { usernameSchema } from "./sign-in";

/** Answer of GET /api/portal/session: who is signed in, until when, and how many messages wait. */
export const portalSessionSchema = z.object({
  username: usernameSchema,
  /** When the bearer token expires (its `exp`), ISO-8601. */
  expiresAt: z.iso.datetime(),
  /** Unanswered leads (status new, neither spam nor held): the top bar's badge. Kept for older portals. */
  unhandledMessages: z.int().check(z.nonnegative()),
  /** The same count under its name. */
  unansweredLeads: z.int().check(z.nonnegative()),
  /** Views, signatures and declines of bids this person sent since they last opened the Proposals screen. */
  bidUpdates: z.int().check(z.nonnegative()),
});

export type PortalSession = z.infer<typeof portalSessionSchema>;

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
