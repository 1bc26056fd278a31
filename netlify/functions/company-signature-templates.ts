import { requireStaff } from "../../src/server/auth/staff";
import { handle, json, type FunctionConfig } from "../../src/server/http";
import { listCompanySignatureTemplates } from "../../src/server/signature-templates";

/** Staff: signature templates marked as company templates, from any owner (spec 7). */
export default handle({
  async GET(scope) {
    await requireStaff(scope);
    return json(await listCompanySignatureTemplates(await scope.db()));
  },
});

export const config: FunctionConfig = { path: "/api/company-signature-templates" };
