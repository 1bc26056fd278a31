import { SIGNATURE_IMAGE } from "../../src/config/signature";
import { HttpError, handle, type FunctionConfig } from "../../src/server/http";
import { readSignatureImage } from "../../src/server/signature-images";

const FILE = /^([0-9a-f]{64})\.png$/;

/** Public: a stored signature image, as mail clients fetch it; immutable because the URL names its content. */
export default handle({
  async GET(scope) {
    const sha256 = FILE.exec(scope.params.file ?? "")?.[1];
    const png = sha256 ? await readSignatureImage(await scope.db(), sha256) : null;
    if (!png) throw new HttpError(404, "Image not found");
    return new Response(new Uint8Array(png), {
      headers: {
        "Content-Type": "image/png",
        "Content-Length": String(png.byteLength),
        "Cache-Control": SIGNATURE_IMAGE.cacheControl,
        ETag: `"${sha256}"`,
        "X-Content-Type-Options": "nosniff",
        "Content-Security-Policy": "default-src 'none'",
      },
    });
  },
});

// A literal: Netlify reads config statically. The API tests fetch SIGNATURE_IMAGE.servePath, so the two cannot drift.
export const config: FunctionConfig = { path: "/api/signature-images/:file" };
