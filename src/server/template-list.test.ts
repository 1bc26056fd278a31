import { describe, expect, it } from "vitest";
import type { Queryable } from "./db";
import { listTemplatesJson } from "./templates";

/** A database that answers the list query after `release()` and counts how often it was asked. */
function slowDb(revision: string) {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const db = {
    queries: 0,
    async query<T>(): Promise<T[]> {
      db.queries++;
      await gate;
      const row = {
        id: "1",
        title: "A",
        description: null,
        category: "residential",
        createdAt: "2026-01-01",
        revision,
      };
      return [row] as T[];
    },
  };
  return { db: db as Queryable & { queries: number }, release };
}

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe("listTemplatesJson", () => {
  it("builds a revision's list once for every request waiting on it, and serves it from memory after", async () => {
    const { db, release } = slowDb("rev-a");
    const waiting = Array.from({ length: 20 }, () => listTemplatesJson(db, "rev-a", "summary"));
    release();
    const lists = (await Promise.all(waiting)).map(text);
    expect(db.queries).toBe(1);
    expect(new Set(lists).size).toBe(1);
    expect(JSON.parse(lists[0]!)).toEqual([
      { id: "1", title: "A", description: null, category: "residential", createdAt: "2026-01-01T00:00:00.000Z" },
    ]);
    await listTemplatesJson(db, "rev-a", "summary");
    expect(db.queries).toBe(1);
  });

  it("does not share a build with a request that read another revision, or none", async () => {
    const { db, release } = slowDb("rev-c");
    const first = listTemplatesJson(db, "rev-b", "summary");
    const newer = listTemplatesJson(db, "rev-c", "summary");
    const unknown = listTemplatesJson(db, null, "summary");
    release();
    await Promise.all([first, newer, unknown]);
    expect(db.queries).toBe(3);
  });
});
