// @vitest-environment jsdom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TOOLTIP_DELAYS, Tooltip, tooltipPlace } from "./tooltip";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe("where a tooltip goes", () => {
  const size = { width: 80, height: 20 };
  it.each([
    ["centred above the trigger", { left: 500, top: 300, bottom: 332, width: 32 }, { left: 476, top: 274 }],
    ["below when there is no room above", { left: 500, top: 10, bottom: 42, width: 32 }, { left: 476, top: 48 }],
    ["inside the left edge", { left: 0, top: 300, bottom: 332, width: 32 }, { left: 4, top: 274 }],
    ["inside the right edge", { left: 1000, top: 300, bottom: 332, width: 24 }, { left: 940, top: 274 }],
  ])("%s", (_name, anchor, place) => {
    expect(tooltipPlace(anchor, size, 1024)).toEqual(place);
  });
});

describe("when a tooltip shows", () => {
  let host: HTMLDivElement;
  let root: Root;
  beforeEach(() => {
    vi.useFakeTimers();
    host = document.createElement("div");
    document.body.append(host);
    root = createRoot(host);
    act(() =>
      root.render(
        <>
          <Tooltip label="Bold (Ctrl+B)">
            <button type="button">B</button>
          </Tooltip>
          <Tooltip label="Italic (Ctrl+I)">
            <button type="button">I</button>
          </Tooltip>
        </>,
      ),
    );
  });
  afterEach(() => {
    act(() => root.unmount());
    host.remove();
    vi.useRealTimers();
  });

  const button = (name: string) => [...host.querySelectorAll("button")].find((b) => b.textContent === name)!;
  const tooltip = () => document.querySelector('[role="tooltip"]');
  const fire = (target: EventTarget, event: Event) => act(() => void target.dispatchEvent(event));
  const pointer = (type: string) => new PointerEvent(type, { bubbles: true, pointerType: "mouse" });
  // React listens for pointerenter/leave through pointerover/out.
  const enter = (target: Element) => fire(target, pointer("pointerover"));
  const leave = (target: Element) => fire(target, pointer("pointerout"));
  const wait = (ms: number) => act(() => void vi.advanceTimersByTime(ms));

  it("opens after the open delay for a resting mouse, and describes its trigger", () => {
    enter(button("B"));
    wait(TOOLTIP_DELAYS.openMs - 1);
    expect(tooltip()).toBeNull();
    wait(1);
    expect(tooltip()!.textContent).toBe("Bold (Ctrl+B)");
    expect(button("B").getAttribute("aria-describedby")).toBe(tooltip()!.id);
  });

  it("opens the next one at once within the skip delay, and with the delay again after it", () => {
    enter(button("B"));
    wait(TOOLTIP_DELAYS.openMs);
    leave(button("B"));
    expect(tooltip()).toBeNull();
    enter(button("I"));
    expect(tooltip()!.textContent).toBe("Italic (Ctrl+I)");
    leave(button("I"));
    wait(TOOLTIP_DELAYS.skipMs + 1);
    enter(button("B"));
    expect(tooltip()).toBeNull();
  });

  it("opens at once on keyboard focus; blur and Escape close it", () => {
    act(() => button("I").focus());
    expect(tooltip()!.textContent).toBe("Italic (Ctrl+I)");
    fire(document, new KeyboardEvent("keydown", { key: "Escape" }));
    expect(tooltip()).toBeNull();
    expect(button("I").hasAttribute("aria-describedby")).toBe(false);
    act(() => button("B").focus());
    expect(tooltip()!.textContent).toBe("Bold (Ctrl+B)");
    act(() => button("B").blur());
    expect(tooltip()).toBeNull();
  });

  it("closes on a press, and when the page scrolls", () => {
    enter(button("B"));
    wait(TOOLTIP_DELAYS.openMs);
    fire(button("B"), pointer("pointerdown"));
    expect(tooltip()).toBeNull();
    act(() => button("B").focus());
    fire(window, new Event("scroll"));
    expect(tooltip()).toBeNull();
  });
});
