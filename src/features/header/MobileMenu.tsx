import { useEffect, useRef, type KeyboardEvent, type ReactNode, type RefObject } from "react";
import { primaryNav, servicesNav } from "~/config/navigation";
import { MOBILE_MENU_WIDTH_PX, isCurrentPath } from "./header";
import { focusRing, listLinkClass } from "./nav-styles";

interface MobileMenuProps {
  open: boolean;
  currentPath: string;
  onClose: () => void;
  /** The hamburger button, which gets focus back when the panel closes. */
  toggle: RefObject<HTMLButtonElement | null>;
  /** The close button's "X", static SVG from the page. */
  closeIcon: ReactNode;
}

/**
 * The small-screen menu, a modal panel sliding in from the right. Hand-written rather than Radix Dialog,
 * which would cost about 14 KB gzip on every public page: focus moves in and is trapped, Escape and a
 * click outside close it, focus returns to the toggle, and the page behind does not scroll.
 */
export function MobileMenu({ open, currentPath, onClose, toggle, closeIcon }: MobileMenuProps) {
  const panel = useRef<HTMLDivElement>(null);
  const focusables = () => panel.current!.querySelectorAll<HTMLElement>("a,button");

  useEffect(() => {
    if (!open) return;
    focusables()[0]!.focus();
    const onKeyDown = (event: globalThis.KeyboardEvent) => event.key === "Escape" && onClose();
    const style = document.documentElement.style;
    style.overflow = "hidden";
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      style.overflow = "";
      toggle.current?.focus();
    };
  }, [open]);

  const trapFocus = (event: KeyboardEvent) => {
    const all = focusables();
    const edge = all[event.shiftKey ? 0 : all.length - 1];
    if (event.key === "Tab" && document.activeElement === edge) {
      event.preventDefault();
      all[event.shiftKey ? all.length - 1 : 0]!.focus();
    }
  };

  const link = ({ href, label }: { href: string; label: string }, nested?: boolean) => {
    const current = isCurrentPath(href, currentPath);
    return (
      <li key={href}>
        <a
          href={href}
          aria-current={current ? "page" : undefined}
          onClick={onClose}
          className={`${listLinkClass(current, true)} ${nested ? "text-[15px]" : ""}`}
        >
          {label}
        </a>
      </li>
    );
  };

  return (
    <div className={`fixed inset-0 z-50 md:hidden ${open ? "" : "pointer-events-none"}`}>
      <div
        aria-hidden="true"
        onClick={onClose}
        className={`absolute inset-0 bg-navy-950/60 transition-opacity duration-300 motion-reduce:transition-none ${open ? "" : "opacity-0"}`}
      />
      <div
        ref={panel}
        id="mobile-menu"
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
        onKeyDown={trapFocus}
        style={{ width: MOBILE_MENU_WIDTH_PX }}
        // Visibility flips at once on opening (so focus can move in) and after the slide on closing.
        className={`absolute inset-y-0 right-0 overflow-y-auto bg-navy-950 p-3 duration-300 motion-reduce:transition-none ${
          open ? "transition-[translate]" : "invisible translate-x-full transition-[translate,visibility]"
        }`}
      >
        <button
          type="button"
          aria-label="Close menu"
          onClick={onClose}
          className={`mb-4 ml-auto block rounded-md p-2 text-white hover:bg-white/10 ${focusRing}`}
        >
          {closeIcon}
        </button>
        <nav aria-label="Mobile">
          <ul className="space-y-1">
            {primaryNav.slice(0, -1).map((l) => link(l))}
            <li>
              <p className="mt-3 px-4 py-1 text-xs font-semibold tracking-widest text-gold-300 uppercase">Services</p>
              <ul className="space-y-1">{servicesNav.map((l) => link(l, true))}</ul>
            </li>
            {primaryNav.slice(-1).map((l) => link(l))}
          </ul>
        </nav>
      </div>
    </div>
  );
}
