import { describe, expect, it } from "vitest";
import { DEFAULT_CONTACT, RESET_GLOBAL_SETTINGS, RESET_LINES } from "./constants";
import { SIGNATURE_ELEMENT_IDS, SIGNATURE_RANGES } from "~/schemas/signature";
import { draggedPosition, fitZoom, nudgedPosition, resetLayout, updateLine } from "./layout";
import { buildElements } from "./signature";

describe("dragging", () => {
  it("follows the pointer delta in card pixels", () => {
    const origin = { pointer: { x: 100, y: 100 }, position: { x: -75, y: 35 }, zoom: 1 };
    expect(draggedPosition(origin, { x: 130, y: 110 })).toEqual({ x: -45, y: 45 });
  });

  it("divides pointer travel by the on-screen zoom of a shrunk card", () => {
    const origin = { pointer: { x: 0, y: 0 }, position: { x: 0, y: 0 }, zoom: 0.5 };
    expect(draggedPosition(origin, { x: 15, y: -10 })).toEqual({ x: 30, y: -20 });
  });

  it("stays inside the X and Y slider ranges", () => {
    const origin = { pointer: { x: 0, y: 0 }, position: { x: 0, y: 0 }, zoom: 1 };
    expect(draggedPosition(origin, { x: 5000, y: -5000 })).toEqual({
      x: SIGNATURE_RANGES.lineX.max,
      y: SIGNATURE_RANGES.lineY.min,
    });
  });
});

describe("keyboard nudging", () => {
  it.each([
    ["ArrowRight", false, { x: 5, y: 0 }],
    ["ArrowLeft", false, { x: -5, y: 0 }],
    ["ArrowUp", false, { x: 0, y: -5 }],
    ["ArrowDown", false, { x: 0, y: 5 }],
    ["ArrowRight", true, { x: 50, y: 0 }],
    ["ArrowUp", true, { x: 0, y: -50 }],
  ])("%s (Shift %s) moves by the slider step, ten with Shift", (key, shift, expected) => {
    expect(nudgedPosition({ x: 0, y: 0 }, key, shift)).toEqual(expected);
  });

  it("ignores other keys and stops at the range ends", () => {
    expect(nudgedPosition({ x: 0, y: 0 }, "Enter", false)).toBeNull();
    expect(nudgedPosition({ x: 195, y: 0 }, "ArrowRight", true)).toEqual({ x: 200, y: 0 });
  });
});

describe("Reset", () => {
  it("puts every line at its Reset values and the global settings to 0, 0, 0.8, 8", () => {
    const { elements, globalSettings } = resetLayout(DEFAULT_CONTACT);
    expect(elements.map((e) => [e.id, e.position.x, e.position.y, e.scale])).toEqual(
      SIGNATURE_ELEMENT_IDS.map((id) => [id, RESET_LINES[id].x, RESET_LINES[id].y, RESET_LINES[id].scale]),
    );
    expect(elements.map((e) => e.position.x)).toEqual([0, 0, 0, 0, 0]);
    expect(elements.map((e) => e.position.y)).toEqual([-40, -10, 15, 40, 65]);
    expect(elements.map((e) => e.scale)).toEqual([1.35, 1.2, 1, 1, 1]);
    expect(globalSettings).toEqual(RESET_GLOBAL_SETTINGS);
    expect(globalSettings).toEqual({ globalX: 0, globalY: 0, globalScale: 0.8, lineSpacing: 8 });
  });
});

describe("helpers", () => {
  it("updateLine changes one line only", () => {
    const lines = buildElements(DEFAULT_CONTACT);
    const changed = updateLine(lines, "city", (l) => ({ ...l, scale: 2 }));
    expect(changed.map((l) => l.scale)).toEqual(lines.map((l) => (l.id === "city" ? 2 : l.scale)));
  });

  it.each([
    [1280, 1],
    [322, 0.5],
    [0, 1],
  ])("fitZoom(%d) is %d", (available, zoom) => expect(fitZoom(available)).toBe(zoom));
});
