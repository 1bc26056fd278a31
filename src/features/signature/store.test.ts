// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  DEFAULT_CONTACT,
  DEFAULT_GLOBAL_SETTINGS,
  DEFAULT_LINES,
  RESET_GLOBAL_SETTINGS,
  RESET_LINES,
  SIGNATURE_STORAGE_KEYS,
} from "./constants";
import { signatureMessages } from "~/features/signature/messages";
import { toast } from "~/lib/toast";
import { sampleElements, sampleGlobalSettings } from "../../../test/fixtures/signature";
import { buildElements } from "./signature";
import {
  $customLogoStyle,
  $draggingId,
  $elements,
  $formData,
  $globalSettings,
  $uploadOpen,
  clearLogo,
  endDrag,
  initSignature,
  moveDrag,
  nudgeLine,
  resetSignatureLayout,
  setContactField,
  setGlobalSetting,
  setLinePosition,
  startDrag,
  uploadLogo,
} from "./store";

vi.mock("~/lib/toast", () => ({ toast: vi.fn() }));

const line = (id: string) => $elements.get().find((e) => e.id === id)!;

beforeEach(() => {
  vi.mocked(toast).mockClear();
  $formData.set(DEFAULT_CONTACT);
  $elements.set(buildElements(DEFAULT_CONTACT));
  $globalSettings.set(DEFAULT_GLOBAL_SETTINGS);
  $customLogoStyle.set("");
  endDrag();
});

describe("initSignature", () => {
  it("starts from the built-in defaults without stored ones", () => {
    $elements.set([]);
    initSignature(null);
    expect($elements.get()).toEqual(buildElements(DEFAULT_CONTACT, DEFAULT_LINES));
    expect($globalSettings.get()).toEqual(DEFAULT_GLOBAL_SETTINGS);
  });

  it("starts from stored defaults with their content blanked and refilled from the contact card", () => {
    const stored = new Map<string, string>([
      [SIGNATURE_STORAGE_KEYS.elements, JSON.stringify(sampleElements)],
      [SIGNATURE_STORAGE_KEYS.globalSettings, JSON.stringify(sampleGlobalSettings)],
    ]);
    initSignature({ getItem: (k) => stored.get(k) ?? null, setItem: () => undefined });
    expect($elements.get().map((e) => [e.position, e.content])).toEqual(
      sampleElements.map((e, i) => [e.position, buildElements(DEFAULT_CONTACT)[i]!.content]),
    );
    expect($globalSettings.get()).toEqual(sampleGlobalSettings);
  });
});

describe("editing", () => {
  it("rewrites every line when a contact field changes, keeping positions", () => {
    setLinePosition("email", "x", 120);
    setContactField("name", "Ana Ruiz");
    setContactField("email", "ana@example.com");
    expect(line("name-title").content).toBe(`Ana Ruiz, ${DEFAULT_CONTACT.title}`);
    expect(line("email")).toMatchObject({ content: "ana@example.com", position: { x: 120 } });
  });

  it("Reset puts lines and global settings at the Reset values, keeping the contact content", () => {
    setContactField("phone", "(281) 555-0100");
    setGlobalSetting("globalScale", 1.7);
    resetSignatureLayout();
    expect($elements.get()).toEqual(buildElements($formData.get(), RESET_LINES));
    expect($globalSettings.get()).toEqual(RESET_GLOBAL_SETTINGS);
    expect(line("mobile").content).toBe("Mobile: (281) 555-0100");
  });
});

describe("dragging", () => {
  it("moves the grabbed line with its pointer only, until the drag ends", () => {
    const start = line("city").position;
    startDrag("city", 7, { x: 200, y: 100 }, 0.5);
    expect($draggingId.get()).toBe("city");
    moveDrag(8, { x: 900, y: 900 });
    moveDrag(7, { x: 220, y: 90 });
    expect(line("city").position).toEqual({ x: start.x + 40, y: start.y - 20 });
    endDrag();
    expect($draggingId.get()).toBeNull();
    moveDrag(7, { x: 400, y: 400 });
    expect(line("city").position).toEqual({ x: start.x + 40, y: start.y - 20 });
  });
});

describe("keyboard", () => {
  it("an arrow key moves a line one slider step, Shift ten; other keys are left to the page", () => {
    const start = line("quote").position;
    expect(nudgeLine("quote", "ArrowDown", false)).toBe(true);
    expect(nudgeLine("quote", "ArrowLeft", true)).toBe(true);
    expect(nudgeLine("quote", "Tab", false)).toBe(false);
    expect(line("quote").position).toEqual({ x: start.x - 50, y: start.y + 5 });
  });

  it("sliders and keys keep a line inside the slider ranges", () => {
    setLinePosition("city", "x", 999);
    expect(line("city").position.x).toBe(200);
    for (let i = 0; i < 10; i++) nudgeLine("city", "ArrowUp", true);
    expect(line("city").position.y).toBe(-100);
  });
});

describe("the HTML logo", () => {
  const html = (text: string, type = "text/html") => new File([text], "logo.html", { type });

  it("refuses a file that is not HTML", async () => {
    await uploadLogo(html("x", "image/png"));
    expect(toast).toHaveBeenCalledWith(signatureMessages.logoNotHtml);
    expect($customLogoStyle.get()).toBe("");
  });

  it("refuses HTML whose first element has no style, and keeps the one with a style", async () => {
    $uploadOpen.set(true);
    await uploadLogo(html("<div>logo</div>"));
    expect(toast).toHaveBeenLastCalledWith(signatureMessages.logoBadHtml);
    expect($uploadOpen.get()).toBe(true);

    await uploadLogo(html('<div style="width:80px;cursor:pointer;background-image:url(javascript:x)"></div>'));
    expect($customLogoStyle.get()).toBe("width: 80px;");
    expect($uploadOpen.get()).toBe(false);
    expect(toast).toHaveBeenLastCalledWith(signatureMessages.logoUploaded);
    clearLogo();
    expect($customLogoStyle.get()).toBe("");
  });
});
