import { proposalTemplateInputSchema } from "../../src/schemas/proposal-template";
import { actorOf, requireStaff, requireStaffAndRevision } from "../../src/server/auth/staff";
import { handle, json, jsonText, readJson, type FunctionConfig } from "../../src/server/http";
import { createTemplate, listTemplatesJson } from "../../src/server/templates";

/** Staff: list and create proposal templates (spec 7). */
export default handle({
  async GET(scope) {
    const { revision } = await requireStaffAndRevision(scope, "proposal_templates");
    return jsonText(await listTemplatesJson(await scope.db(), revision));
  },
  async POST(scope) {
    const staff = await requireStaff(scope);
    const input = await readJson(scope.req, proposalTemplateInputSchema);
    const template = await createTemplate(await scope.db(), input, actorOf(scope, staff));
    return json(template, 201);
  },
});

export const config: FunctionConfig = { path: "/api/portal/templates" };
