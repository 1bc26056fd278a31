import { z } from "./zod";

/** Company settings the admins change. */
export const portalSettingsSchema = z.object({ requireSecondFactor: z.boolean() });
export type PortalSettings = z.infer<typeof portalSettingsSchema>;
