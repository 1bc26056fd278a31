import { proposalTemplateInputSchema } from "../../src/schemas/proposal-template";
import { actorOf, requireStaff } from "../../src/server/auth/staff";
import { HttpError, handle, idParam, json, readJson, type FunctionConfig } from "../../src/server/http";
import { deleteTemplate, getTemplate, updateTemplate } from "../../src/server/templates";

/** Staff: read (issue 9: the Load dialog's list has no content), update or delete one proposal template (spec 7). */
export default handle({
  async GET(scope) {
    await requireStaff(scope);
    const template = await getTemplate(await scope.db(), idParam(scope, "Template"));
    if (!template) throw new HttpError(404, "Template not found");
    return json(template);
  },
  async PUT(scope) {
    const staff = await requireStaff(scope);
    const id = idParam(scope, "Template");
    const input = await readJson(scope.req, proposalTemplateInputSchema);
    const template = await updateTemplate(await scope.db(), id, input, actorOf(scope, staff));
    if (!template) throw new HttpError(404, "Template not found");
    return json(template);
  },
  async DELETE(scope) {
    const staff = await requireStaff(scope);
    const id = idParam(scope, "Template");
    if (!(await deleteTemplate(await scope.db(), id, actorOf(scope, staff)))) {
      throw new HttpError(404, "Template not found");
    }
    return json({ id });
  },
});

export const config: FunctionConfig = { path: "/api/portal/templates/:id" };
