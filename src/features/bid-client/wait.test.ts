import { describe, expect, it } from "vitest";
import * as shared from "~/lib/retry-after";
import { formatWait, parseRetryAfter } from "./wait";

describe("the page's Retry-After words match the site's", () => {
  it.each([null, undefined, "", "0", "1", " 45 ", "59", "60", "61", "600", "3600", "soon", "1.5", "-3"])(
    "header %j",
    (header) => {
      expect(parseRetryAfter(header)).toBe(shared.parseRetryAfter(header));
      expect(formatWait(parseRetryAfter(header))).toBe(shared.formatWait(shared.parseRetryAfter(header)));
    },
  );
});
