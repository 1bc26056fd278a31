import { describe, expect, it, vi } from "vitest";
import { createApp } from "./app";
import type { Db } from "./db";

/** A database that only counts how often it was closed. */
function fakeDb() {
  const db = { close: vi.fn(async () => {}) } as unknown as Db & { close: ReturnType<typeof vi.fn> };
  return db;
}

/** The app with one extra route that leaves `task` for after its response. */
function appWith(task: (db: Db) => Promise<unknown>, db: Db) {
  const app = createApp({ database: async () => db });
  app.get("/test/after-response", (c) => {
    c.var.afterResponse(task);
    return c.text("answered");
  });
  return app;
}

describe("work left for after the response", () => {
  it("on Netlify: handed to waitUntil, the response not held by it, the database closed after it", async () => {
    const db = fakeDb();
    let finish = () => {};
    const task = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const waitUntil = vi.fn();
    const res = await appWith(task, db).request("/test/after-response", {}, { context: { waitUntil } });
    expect(await res.text()).toBe("answered");
    expect(waitUntil).toHaveBeenCalledTimes(1);
    const work = waitUntil.mock.calls[0]![0] as Promise<void>;
    await vi.waitFor(() => expect(task).toHaveBeenCalledWith(db));
    expect(db.close).not.toHaveBeenCalled();
    finish();
    await work;
    expect(db.close).toHaveBeenCalledTimes(1);
  });

  it("elsewhere: runs in the background, and a failing task is logged, never thrown", async () => {
    const db = fakeDb();
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const task = vi.fn(async () => {
      throw new Error("SMTP down");
    });
    const res = await appWith(task, db).request("/test/after-response");
    expect(res.status).toBe(200);
    await vi.waitFor(() => expect(db.close).toHaveBeenCalledTimes(1));
    expect(error).toHaveBeenCalledWith("after-response task failed", expect.any(Error));
    error.mockRestore();
  });
});
