import { existsSync, readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { POSTGRES_SUITES } from "../../../test/postgres-suites";

const root = new URL("../../../", import.meta.url);

it.each(Object.keys(POSTGRES_SUITES))("%s exists, runs its suite on each backend and says why", (file) => {
  const url = new URL(file, root);
  expect(existsSync(url), file).toBe(true);
  expect(readFileSync(url, "utf8")).toContain("describeEachBackend(");
  const listed = POSTGRES_SUITES[file]!;
  expect((typeof listed === "string" ? listed : listed.why).length).toBeGreaterThan(20);
});
