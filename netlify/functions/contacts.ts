import { NEXT_BEFORE_HEADER } from "../../src/schemas/contact-record";
import { requireStaff } from "../../src/server/auth/staff";
import { listContacts, readContactListQuery } from "../../src/server/contacts";
import { handle, json, type FunctionConfig } from "../../src/server/http";

/** Staff: contact messages, newest first; `?limit`, `?before` and `?handled` page and filter them. */
export default handle({
  async GET(scope) {
    await requireStaff(scope);
    const query = readContactListQuery(new URL(scope.req.url));
    const { records, nextBefore } = await listContacts(await scope.db(), query);
    return json(records, 200, nextBefore ? { [NEXT_BEFORE_HEADER]: nextBefore } : {});
  },
});

export const config: FunctionConfig = { path: "/api/contacts" };
