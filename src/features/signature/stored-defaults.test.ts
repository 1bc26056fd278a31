import { describe, expect, it, vi } from "vitest";
import { SIGNATURE_STORAGE_KEYS } from "./constants";
import { sampleElements, sampleGlobalSettings } from "../../../test/fixtures/signature";
import { readDefaults, writeDefaults, type KeyValueStore } from "./stored-defaults";

/** A Storage stand-in backed by a Map. */
function memoryStore(entries: Record<string, string> = {}): KeyValueStore & { map: Map<string, string> } {
  const map = new Map(Object.entries(entries));
  return { map, getItem: (key) => map.get(key) ?? null, setItem: (key, value) => void map.set(key, value) };
}

describe("stored defaults", () => {
  it("round-trips what Set as Default writes", () => {
    const store = memoryStore();
    writeDefaults(store, { elements: sampleElements, globalSettings: sampleGlobalSettings });
    expect([...store.map.keys()]).toEqual([SIGNATURE_STORAGE_KEYS.elements, SIGNATURE_STORAGE_KEYS.globalSettings]);
    expect(readDefaults(store)).toEqual({ elements: sampleElements, globalSettings: sampleGlobalSettings });
  });

  it.each([
    ["nothing is stored", {}, {}],
    [
      "only the global settings are stored",
      { [SIGNATURE_STORAGE_KEYS.globalSettings]: JSON.stringify(sampleGlobalSettings) },
      { globalSettings: sampleGlobalSettings },
    ],
  ])("reads what is there when %s", (_case, entries, expected) => {
    const log = vi.fn();
    expect(readDefaults(memoryStore(entries), log)).toEqual(expected);
    expect(log).not.toHaveBeenCalled();
  });

  it.each([
    ["elements are not JSON", { [SIGNATURE_STORAGE_KEYS.elements]: "{oops" }],
    ["elements do not match the schema", { [SIGNATURE_STORAGE_KEYS.elements]: JSON.stringify([{ id: "fax" }]) }],
    [
      "global settings do not match the schema",
      {
        [SIGNATURE_STORAGE_KEYS.elements]: JSON.stringify(sampleElements),
        [SIGNATURE_STORAGE_KEYS.globalSettings]: JSON.stringify({ globalX: "left" }),
      },
    ],
  ])("falls back to the built-in defaults and logs when %s", (_case, entries) => {
    const log = vi.fn();
    expect(readDefaults(memoryStore(entries), log)).toEqual({});
    expect(log).toHaveBeenCalledOnce();
  });

  it("treats missing or refusing storage as nothing stored", () => {
    const log = vi.fn();
    expect(readDefaults(null, log)).toEqual({});
    const refusing: KeyValueStore = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => undefined,
    };
    expect(readDefaults(refusing, log)).toEqual({});
    expect(log).toHaveBeenCalledOnce();
  });
});
