import {
  cloneElement,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
} from "react";
import { createPortal } from "react-dom";

/** Tooltip delays (portal). */
export const TOOLTIP_DELAYS = { openMs: 700, skipMs: 300 } as const;

/*
 * Tooltips as Radix Tooltip behaves with the delays above, written by hand: @radix-ui/react-tooltip with the
 * positioning library it brings is 12.5 KB gzip, more than a portal screen's margin under its budget. A
 * mouse resting on the trigger opens it after the open delay, at once while another tooltip is open or
 * has just closed (the skip delay); keyboard focus opens it at once; leaving, blur, a press or Escape
 * closes it. It sits above the trigger (below when there is no room) and closes when the page scrolls.
 */

/** Until when a tooltip opens without its delay: one is open, or closed less than the skip delay ago. */
let instantUntil = 0;

/** Gap between the trigger and the tooltip, and the least distance to the viewport's edge. */
const GAP_PX = 6;
const EDGE_PX = 4;

type TriggerProps = {
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onPointerDown?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
  "aria-describedby"?: string;
};

/** Where a tooltip of `size` goes for a trigger at `anchor`: centred above, or below without room, inside the viewport. */
export function tooltipPlace(
  anchor: Pick<DOMRect, "left" | "top" | "bottom" | "width">,
  size: { width: number; height: number },
  viewportWidth: number,
): { left: number; top: number } {
  const above = anchor.top - GAP_PX - size.height;
  const left = anchor.left + anchor.width / 2 - size.width / 2;
  return {
    left: Math.max(EDGE_PX, Math.min(left, viewportWidth - EDGE_PX - size.width)),
    top: above >= EDGE_PX ? above : anchor.bottom + GAP_PX,
  };
}

/** Shows `label` on hover or focus of its single child, which must pass pointer and focus props to its element. */
export function Tooltip({ label, children }: { label: ReactNode; children: ReactElement<TriggerProps> }) {
  const id = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const own = children.props;

  const show = (element: HTMLElement, delay: number) => {
    clearTimeout(timer.current);
    if (delay) timer.current = setTimeout(() => setAnchor(element), delay);
    else setAnchor(element);
  };
  const hide = () => {
    clearTimeout(timer.current);
    setAnchor(null);
  };
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (!anchor) return;
    instantUntil = Infinity;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && hide();
    document.addEventListener("keydown", onKey);
    window.addEventListener("scroll", hide, { capture: true, passive: true });
    return () => {
      instantUntil = Date.now() + TOOLTIP_DELAYS.skipMs;
      document.removeEventListener("keydown", onKey);
      window.removeEventListener("scroll", hide, { capture: true });
    };
  }, [anchor]);

  return (
    <>
      {cloneElement(children, {
        "aria-describedby": anchor ? id : own["aria-describedby"],
        onPointerEnter: (event) => {
          own.onPointerEnter?.(event);
          if (event.pointerType === "mouse")
            show(event.currentTarget, Date.now() < instantUntil ? 0 : TOOLTIP_DELAYS.openMs);
        },
        onPointerLeave: (event) => {
          own.onPointerLeave?.(event);
          hide();
        },
        onPointerDown: (event) => {
          own.onPointerDown?.(event);
          hide();
        },
        // Focus from a press is not the keyboard's: the press already closed it, and it stays closed.
        onFocus: (event) => {
          own.onFocus?.(event);
          if (!event.currentTarget.matches(":active")) show(event.currentTarget, 0);
        },
        onBlur: (event) => {
          own.onBlur?.(event);
          hide();
        },
      })}
      {anchor && <TooltipContent id={id} anchor={anchor} label={label} />}
    </>
  );
}

function TooltipContent({ id, anchor, label }: { id: string; anchor: HTMLElement; label: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const { left, top } = tooltipPlace(
      anchor.getBoundingClientRect(),
      box.current!.getBoundingClientRect(),
      innerWidth,
    );
    Object.assign(box.current!.style, { left: `${left}px`, top: `${top}px`, visibility: "visible" });
  }, [anchor, label]);
  return createPortal(
    <div
      ref={box}
      id={id}
      role="tooltip"
      data-slot="tooltip"
      style={{ visibility: "hidden" }}
      className="pointer-events-none fixed top-0 left-0 z-50 rounded bg-navy-950 px-2 py-1 text-xs text-white shadow"
    >
      {label}
    </div>,
    document.body,
  );
}
