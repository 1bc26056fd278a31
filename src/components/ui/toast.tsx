import { Icon } from "./icon";
import { useEffect, useRef, useState, type PointerEvent } from "react";
import { dismissToast, TOAST_SETTINGS, useToasts, type ToastItem } from "~/lib/toast";

/*
 * Toasts with the behaviour of Radix Toast under TOAST_SETTINGS (one at a time, 5 s, swipe right past
 * 50 px, F8 focuses the viewport, 420 px wide from md up), written by hand: @radix-ui/react-toast is
 * 12.7 KB gzip, more than the public pages' whole 8 KB island budget, and the contact form needs toasts.
 * Timers pause while a toast is hovered or focused; Escape or the close button dismisses it.
 */

const variants = {
  default: "border-navy-100 bg-white text-navy-900",
  destructive: "border-red-800 bg-red-700 text-white",
};

/** One toast: title, optional description, action and close button. */
function Toast({ id, title, description, variant = "default", action }: ToastItem) {
  const [paused, setPaused] = useState(false);
  const [dx, setDx] = useState(0);
  const start = useRef<number | null>(null);

  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => dismissToast(id), TOAST_SETTINGS.durationMs);
    return () => clearTimeout(timer);
  }, [paused, id]);

  const swipe = (event: PointerEvent) => {
    if (start.current !== null) setDx(Math.max(0, event.clientX - start.current));
  };
  const release = () => {
    start.current = null;
    if (dx > TOAST_SETTINGS.swipeThresholdPx) dismissToast(id);
    else setDx(0);
  };

  return (
    <li
      data-variant={variant}
      tabIndex={0}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      onKeyDown={(event) => event.key === "Escape" && dismissToast(id)}
      onPointerDown={(event) => {
        // Capturing here would send the click of a button inside the toast to the toast instead.
        if ((event.target as Element).closest("button")) return;
        start.current = event.clientX;
        event.currentTarget.setPointerCapture(event.pointerId);
      }}
      onPointerMove={swipe}
      onPointerUp={release}
      onPointerCancel={release}
      style={dx ? { translate: `${dx}px`, opacity: 1 - dx / 200 } : undefined}
      className={`relative flex touch-pan-y items-center gap-4 rounded-lg border p-5 pr-10 shadow-lg select-none ${variants[variant]} ${
        dx
          ? ""
          : "transition-[opacity,translate] duration-200 motion-reduce:transition-none starting:translate-y-2 starting:opacity-0"
      }`}
    >
      <div className="grid flex-1 gap-1 text-sm">
        <p className="font-semibold">{title}</p>
        {description && <p>{description}</p>}
      </div>
      {action && (
        <button type="button" onClick={action.onClick} className="rounded-md border px-3 py-1.5 text-sm font-semibold">
          {action.label}
        </button>
      )}
      <button type="button" aria-label="Close" onClick={() => dismissToast(id)} className="absolute top-2 right-2 p-1">
        <Icon name="x" />
      </button>
    </li>
  );
}

/** The toast viewport: renders the open toasts and announces them politely; F8 moves focus to it. */
export function Toaster() {
  const toasts = useToasts();
  const viewport = useRef<HTMLElement>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((TOAST_SETTINGS.hotkey as readonly string[]).includes(event.key)) viewport.current!.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);

  return (
    <section
      ref={viewport}
      tabIndex={-1}
      aria-label={`Notifications (${TOAST_SETTINGS.hotkey.join("+")})`}
      className="pointer-events-none fixed right-0 bottom-0 z-[100] w-full p-4 outline-none md:max-w-[420px]"
    >
      <ol aria-live="polite" className="pointer-events-auto">
        {toasts.map((t) => t.open && <Toast key={t.id} {...t} />)}
      </ol>
    </section>
  );
}
