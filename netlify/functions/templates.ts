import { proposalTemplateInputSchema } from "../../src/schemas/proposal-template";
import { actorOf, requireStaff, requireStaffAndRevision } from "../../src/server/auth/staff";
import { handle, json, jsonText, readJson, type FunctionConfig } from "../../src/server/http";
import { createTemplate, listTemplatesJson } from "../../src/server/templates";

/** Staff: list (spec 7's shape, or `?view=summary` without templateContent) and create proposal templates. */
export default handle({
  async GET(scope) {
    const { revision } = await requireStaffAndRevision(scope, "proposal_templates");
    const view = new URL(scope.req.url).searchParams.get("view") === "summary" ? "summary" : "full";
    return jsonText(await listTemplatesJson(await scope.db(), revision, view));
  },
  async POST(scope) {
    const staff = await requireStaff(scope);
    const input = await readJson(scope.req, proposalTemplateInputSchema);
    const template = await createTemplate(await scope.db(), input, actorOf(scope, staff));
    return json(template, 201);
  },
});

export const config: FunctionConfig = { path: "/api/portal/templates" };
