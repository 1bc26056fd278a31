import { contactPatchSchema } from "../../src/schemas/contact-record";
import { requireStaff } from "../../src/server/auth/staff";
import { setContactHandled } from "../../src/server/contacts";
import { HttpError, handle, idParam, json, readJson, type FunctionConfig } from "../../src/server/http";

/** Staff: mark a contact message handled (or not). An empty body means handled. */
export default handle({
  async PATCH(scope) {
    await requireStaff(scope);
    const id = idParam(scope, "Contact message");
    const { handled } = await readJson(scope.req, contactPatchSchema, { emptyBody: {} });
    const record = await setContactHandled(await scope.db(), id, handled);
    if (!record) throw new HttpError(404, "Contact message not found");
    return json(record);
  },
});

export const config: FunctionConfig = { path: "/api/contacts/:id" };
