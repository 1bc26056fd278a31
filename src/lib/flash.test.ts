// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import { flashToast, takeFlash } from "./flash";

const message = { title: "Please sign in again", description: "Your session has ended." };

describe("flash toasts", () => {
  beforeEach(() => sessionStorage.clear());

  it("are shown once, by the page they name", () => {
    flashToast(message, "/portal/login");
    expect(takeFlash("/portal/login/")).toEqual(message);
    expect(takeFlash("/portal/login")).toBeUndefined();
  });

  it("stay for their page when the page that is leaving mounts first", () => {
    flashToast(message, "/portal/login");
    expect(takeFlash("/portal/proposal-editor")).toBeUndefined();
    expect(takeFlash("/portal/login")).toEqual(message);
  });

  it("ignore what an older version stored without a page", () => {
    sessionStorage.setItem("portalFlash", JSON.stringify(message));
    expect(takeFlash("/portal/login")).toBeUndefined();
  });
});
