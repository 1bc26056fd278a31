import { proposalTemplateInputSchema } from "../../src/schemas/proposal-template";
import { actorOf, requireStaff } from "../../src/server/auth/staff";
import { handle, json, readJson, type FunctionConfig } from "../../src/server/http";
import { createTemplate, listTemplates } from "../../src/server/templates";

/** Staff: list and create proposal templates (spec 7). */
export default handle({
  async GET(scope) {
    await requireStaff(scope);
    return json(await listTemplates(await scope.db()));
  },
  async POST(scope) {
    const staff = await requireStaff(scope);
    const input = await readJson(scope.req, proposalTemplateInputSchema);
    const template = await createTemplate(await scope.db(), input, actorOf(scope, staff));
    return json(template, 201);
  },
});

export const config: FunctionConfig = { path: "/api/portal/templates" };
