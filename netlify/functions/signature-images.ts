import { SIGNATURE_IMAGE } from "../../src/config/signature";
import { signatureImageUploadSchema } from "../../src/schemas/signature";
import { requireStaff } from "../../src/server/auth/staff";
import { handle, json, readJson, type FunctionConfig } from "../../src/server/http";
import { signatureImagePath, storeSignatureImage } from "../../src/server/signature-images";

/** Staff: stores a rendered signature card for the Gmail/Outlook export (issue 8). */
export default handle({
  async POST(scope) {
    const staff = await requireStaff(scope);
    const { png } = await readJson(scope.req, signatureImageUploadSchema, { maxBytes: SIGNATURE_IMAGE.maxBodyBytes });
    const bytes = Buffer.from(png.slice(png.indexOf(",") + 1), "base64");
    const sha256 = await storeSignatureImage(await scope.db(), bytes, staff.id);
    return json({ url: signatureImagePath(sha256) }, 201);
  },
});

// A literal: Netlify reads config statically. The API tests call SIGNATURE_IMAGE.uploadPath, so the two cannot drift.
export const config: FunctionConfig = { path: "/api/portal/signature-images" };
