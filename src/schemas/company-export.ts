import { z } from "./zod";

/** Where a company export stands: asked for, being built, ready to download, or failed (ask again). */
export const EXPORT_STATES = ["pending", "running", "ready", "failed"] as const;

/**
 * A company export as the API reports it (POST /api/portal/exports, GET /api/portal/exports/:id): once ready,
 * its ZIP is downloaded in `parts` pieces (each a response of its own, under any function's response limit)
 * that joined in order are the file `fileName` of `bytes` bytes.
 */
export const companyExportSchema = z.object({
  id: z.uuid(),
  state: z.enum(EXPORT_STATES),
  requestedBy: z.string(),
  createdAt: z.iso.datetime(),
  /** When the builder last wrote: a build that stops moving is reported failed. */
  updatedAt: z.iso.datetime(),
  fileName: z.string(),
  bytes: z.int(),
  parts: z.int(),
  error: z.nullable(z.string()),
});

export type CompanyExport = z.infer<typeof companyExportSchema>;
