import { signatureTemplateInputSchema } from "../../src/schemas/signature";
import { actorOf, requireStaff } from "../../src/server/auth/staff";
import { handle, json, readJson, type FunctionConfig } from "../../src/server/http";
import { createSignatureTemplate, listOwnSignatureTemplates } from "../../src/server/signature-templates";

/** Staff: the caller's own signature templates, and saving one (spec 7). */
export default handle({
  async GET(scope) {
    const staff = await requireStaff(scope);
    return json(await listOwnSignatureTemplates(await scope.db(), staff.id));
  },
  async POST(scope) {
    const staff = await requireStaff(scope);
    const input = await readJson(scope.req, signatureTemplateInputSchema);
    const template = await createSignatureTemplate(await scope.db(), input, actorOf(scope, staff));
    return json(template, 201);
  },
});

export const config: FunctionConfig = { path: "/api/portal/signature-templates" };
