// Runs once before the specs: one sign-in for the whole run (a real scrypt), shared through a file.
import { test as setup } from "@playwright/test";
import { shareLogin } from "./helpers/portal";

setup("sign in once for every spec", async ({ request }) => {
  await shareLogin(request);
});
