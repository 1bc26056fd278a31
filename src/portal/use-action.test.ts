import { describe, expect, test } from "vitest";
import { ApiError } from "~/lib/api-client";
import { $toasts, type ToastMessage } from "~/lib/toast";
import { portalMessages } from "./messages";
import { failureToast, runAction } from "./use-action";

const refused = (body: unknown) => new ApiError(409, "409: refused", JSON.stringify(body));
const fallback: ToastMessage = { title: "Download failed", description: "Please try again", variant: "destructive" };
const latestToast = () => $toasts.get()[0];

describe("failureToast", () => {
  test.each([
    [
      "the API's words",
      refused({ error: "That username is taken" }),
      undefined,
      "Could not save",
      "That username is taken",
    ],
    ["an empty error field", refused({ error: "" }), undefined, "Could not save", "Please try again"],
    [
      "a body that is not JSON",
      new ApiError(502, "502: Bad Gateway", "Bad Gateway"),
      undefined,
      "Could not save",
      "Please try again",
    ],
    ["an error that is not the API's", new Error("500"), fallback, "Download failed", "Please try again"],
    [
      "the API's words under a feature's title",
      refused({ error: "Quota reached" }),
      fallback,
      "Download failed",
      "Quota reached",
    ],
  ])("%s", (_, error, failed, title, description) => {
    expect(failureToast(error, failed)).toEqual({ title, description, variant: "destructive" });
  });
});

describe("runAction", () => {
  test("a success resolves true and shows the done toast", async () => {
    expect(await runAction(async () => undefined, { done: portalMessages.saved })).toBe(true);
    expect(latestToast()).toMatchObject(portalMessages.saved);
  });

  test("a success without a done toast shows none", async () => {
    const before = latestToast();
    expect(await runAction(async () => undefined)).toBe(true);
    expect(latestToast()).toBe(before);
  });

  test("a failure resolves false and shows the failure with the API's words", async () => {
    const ok = await runAction(
      async () => {
        throw refused({ error: "An admin must stay", code: "last_admin" });
      },
      { done: portalMessages.saved },
    );
    expect(ok).toBe(false);
    expect(latestToast()).toMatchObject({ ...portalMessages.saveFailed, description: "An admin must stay" });
  });
});
