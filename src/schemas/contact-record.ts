import * as z from "zod";

/** A stored contact message as GET /api/contacts returns it. */
export const contactRecordSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  projectType: z.string(),
  message: z.string(),
  handled: z.boolean(),
  createdAt: z.iso.datetime(),
});

/** Body of PATCH /api/contacts/:id; an empty body marks the message handled. */
export const contactPatchSchema = z.object({ handled: z.boolean().default(true) });

export type ContactRecord = z.infer<typeof contactRecordSchema>;
