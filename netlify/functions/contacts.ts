import { requireStaff } from "../../src/server/auth/staff";
import { listContacts } from "../../src/server/contacts";
import { handle, json, type FunctionConfig } from "../../src/server/http";

/** Staff: contact messages, newest first. */
export default handle({
  async GET(scope) {
    await requireStaff(scope);
    return json(await listContacts(await scope.db()));
  },
});

export const config: FunctionConfig = { path: "/api/contacts" };
