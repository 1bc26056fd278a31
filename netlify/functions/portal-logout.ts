import { audit } from "../../src/server/audit";
import { requireStaff } from "../../src/server/auth/staff";
import { revokeTokens } from "../../src/server/auth/users";
import { handle, json, type FunctionConfig } from "../../src/server/http";

/** Signs the caller out everywhere: every token issued before now stops working. */
export default handle({
  async POST(scope) {
    const staff = await requireStaff(scope);
    const db = await scope.db();
    await db.transaction(async (tx) => {
      await revokeTokens(tx, staff.id);
      await audit(tx, {
        action: "logout",
        userId: staff.id,
        username: staff.username,
        ip: scope.ip,
        userAgent: scope.userAgent,
      });
    });
    return json({ ok: true });
  },
});

export const config: FunctionConfig = { path: "/api/portal/logout" };
