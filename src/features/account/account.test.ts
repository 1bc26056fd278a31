import { expect, test } from "vitest";
import { passwordVerdict } from "~/lib/password-strength";
import { deviceName } from "./account";

test.each([
  [null, "Unknown device"],
  [
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
    "Chrome on Windows",
  ],
  [
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1",
    "Safari on iOS",
  ],
  ["Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:132.0) Gecko/20100101 Firefox/132.0", "Firefox on macOS"],
  [
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Edg/131.0",
    "Edge on Windows",
  ],
  ["curl/8.5.0", "Browser"],
])("the session list names %s as %s", (userAgent, name) => {
  expect(deviceName(userAgent)).toBe(name);
});

test.each([
  ["short", false],
  ["password1234", false],
  ["Anchor Line Construction 1", false],
  ["renamer123456", false],
  ["Granite ladder orbit 42", true],
])("the browser's strength estimate of %s is %s, as the server's", (password, ok) => {
  expect(passwordVerdict(password, ["renamer", "Rena Mer"]).ok).toBe(ok);
});
