import { expect, it } from "vitest";
import { ACCOUNT_QUOTAS } from "~/schemas/limits";
import { accountQuotas, withAccountQuotas } from "./quotas";

it("applies ACCOUNT_QUOTAS unless a caller sets others, and those only to the work it starts", async () => {
  const smaller = { ...ACCOUNT_QUOTAS, storedBytes: 1024 };
  expect(accountQuotas()).toBe(ACCOUNT_QUOTAS);
  const inside = withAccountQuotas(smaller, async () => {
    await Promise.resolve();
    return accountQuotas();
  });
  expect(accountQuotas()).toBe(ACCOUNT_QUOTAS);
  expect(await inside).toBe(smaller);
});
