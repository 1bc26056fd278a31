import { runExportJob } from "../../src/server/export/jobs";

/**
 * Builds a company export the API was asked for (POST /api/portal/exports), into Netlify Blobs: a background
 * function, so it may run 15 minutes whatever the company's size. It builds only an export still waiting to
 * be built, so calling it again, or with an unknown id, does nothing.
 */
export default async (req: Request) => {
  const { id } = (await req.json().catch(() => ({}))) as { id?: unknown };
  if (typeof id === "string" && /^[0-9a-f-]{36}$/i.test(id)) await runExportJob(id.toLowerCase());
};
