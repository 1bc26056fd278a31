import { requireStaffSession } from "../../src/server/auth/staff";
import { handle, json, type FunctionConfig } from "../../src/server/http";
import { portalSession } from "../../src/server/session";

/** Staff: who is signed in, until when, and how many contact messages wait (every portal top bar). */
export default handle({
  async GET(scope) {
    const { staff, exp } = await requireStaffSession(scope);
    return json(await portalSession(await scope.db(), staff, exp));
  },
});

export const config: FunctionConfig = { path: "/api/portal/session" };
