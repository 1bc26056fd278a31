import { actorOf, requireStaff } from "../../src/server/auth/staff";
import { HttpError, handle, idParam, json, type FunctionConfig } from "../../src/server/http";
import { deleteSignatureTemplate } from "../../src/server/signature-templates";

/** Staff: delete a signature template the caller created, personal or company (issue 8). */
export default handle({
  async DELETE(scope) {
    const staff = await requireStaff(scope);
    const id = idParam(scope, "Signature template");
    if (!(await deleteSignatureTemplate(await scope.db(), id, actorOf(scope, staff)))) {
      throw new HttpError(404, "Signature template not found");
    }
    return json({ id });
  },
});

export const config: FunctionConfig = { path: "/api/portal/signature-templates/:id" };
