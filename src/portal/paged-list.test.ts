import { expect, test } from "vitest";
import type { ContactRecord } from "~/schemas/contact-record";
import { contactRecord } from "../../test/fixtures/contact";
import { appendPage } from "./paged-list";

const message = (id: string): ContactRecord => contactRecord(id);

test("appendPage skips leads already shown", () => {
  expect(appendPage([{ id: "a" }, { id: "b" }], [{ id: "b" }, { id: "c" }]).map((l) => l.id)).toEqual(["a", "b", "c"]);
});

test("appendPage skips messages already shown", () => {
  expect(appendPage([message("a"), message("b")], [message("b"), message("c")]).map((m) => m.id)).toEqual([
    "a",
    "b",
    "c",
  ]);
});
