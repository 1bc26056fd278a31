import { SIGNATURE_IMAGE } from "../../src/config/signature";
import { requireStaff } from "../../src/server/auth/staff";
import { HttpError, handle, json, mediaType, readBytes, type FunctionConfig } from "../../src/server/http";
import { signatureImagePath, storeSignatureImage } from "../../src/server/signature-images";

/** Staff: stores a rendered signature card (image/png body) for the Gmail/Outlook export (issue 8). */
export default handle({
  async POST(scope) {
    const staff = await requireStaff(scope);
    if (mediaType(scope.req) !== "image/png") throw new HttpError(415, "Content-Type must be image/png");
    const png = await readBytes(scope.req, SIGNATURE_IMAGE.maxBytes);
    const sha256 = await storeSignatureImage(await scope.db(), png, staff.id);
    return json({ url: signatureImagePath(sha256) }, 201);
  },
});

export const config: FunctionConfig = { path: SIGNATURE_IMAGE.uploadPath };
