import { useEffect, useRef, type KeyboardEvent, type RefObject } from "react";
import { company } from "~/config/company";
import { primaryNav, servicesNav } from "~/config/navigation";
import { MOBILE_MENU_WIDTH_PX } from "~/config/ui";
import { cn } from "~/lib/cn";
import { isCurrentPath } from "./header";
import { focusRing, mobileLinkClass } from "./nav-styles";

interface MobileMenuProps {
  id: string;
  open: boolean;
  currentPath: string;
  onClose: () => void;
  /** The hamburger button, which gets focus back when the panel closes. */
  toggleRef: RefObject<HTMLButtonElement | null>;
}

/**
 * The small-screen menu: a modal panel sliding in from the right. Hand-written instead of Radix Dialog
 * to stay inside the public pages' JavaScript budget; it does what the dialog would: focus moves in
 * and is trapped, Escape and a click outside close it, focus returns to the toggle, the page behind
 * does not scroll.
 */
export function MobileMenu({ id, open, currentPath, onClose, toggleRef }: MobileMenuProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const wasOpen = useRef(false);

  useEffect(() => {
    if (open) {
      wasOpen.current = true;
      panelRef.current?.querySelector<HTMLElement>("a, button")?.focus();
      const onKeyDown = (event: globalThis.KeyboardEvent) => {
        if (event.key === "Escape") onClose();
      };
      const root = document.documentElement;
      const overflow = root.style.overflow;
      root.style.overflow = "hidden";
      document.addEventListener("keydown", onKeyDown);
      return () => {
        document.removeEventListener("keydown", onKeyDown);
        root.style.overflow = overflow;
      };
    }
    if (wasOpen.current) {
      wasOpen.current = false;
      toggleRef.current?.focus();
    }
  }, [open, onClose, toggleRef]);

  const trapFocus = (event: KeyboardEvent) => {
    if (event.key !== "Tab") return;
    const focusable = panelRef.current?.querySelectorAll<HTMLElement>("a, button");
    if (!focusable?.length) return;
    const first = focusable[0]!;
    const last = focusable[focusable.length - 1]!;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const link = (href: string, label: string, extra?: string) => {
    const current = isCurrentPath(href, currentPath);
    return (
      <li key={href}>
        <a href={href} aria-current={current ? "page" : undefined} onClick={onClose} className={cn(mobileLinkClass(current), extra)}>
          {label}
        </a>
      </li>
    );
  };
  const [home, ...rest] = primaryNav;
  const contact = rest.find((l) => l.href === "/contact");
  const others = rest.filter((l) => l !== contact);

  return (
    <div className={cn("fixed inset-0 z-50 md:hidden", !open && "pointer-events-none")}>
      <div
        data-testid="mobile-menu-backdrop"
        aria-hidden="true"
        onClick={onClose}
        className={cn(
          "absolute inset-0 bg-navy-950/60 transition-opacity duration-300 motion-reduce:transition-none",
          open ? "opacity-100" : "opacity-0",
        )}
      />
      <div
        ref={panelRef}
        id={id}
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
        onKeyDown={trapFocus}
        style={{ width: MOBILE_MENU_WIDTH_PX }}
        className={cn(
          "absolute inset-y-0 right-0 flex flex-col overflow-y-auto bg-navy-950 p-4 shadow-2xl transition-[translate,visibility] duration-300 motion-reduce:transition-none",
          open ? "visible translate-x-0" : "invisible translate-x-full",
        )}
      >
        <div className="mb-4 flex items-center justify-between">
          <span className="text-xs font-semibold tracking-[0.2em] text-gold-300 uppercase">Menu</span>
          <button type="button" aria-label="Close menu" onClick={onClose} className={cn("rounded-md p-2 text-white hover:bg-white/10", focusRing, "focus-visible:ring-offset-navy-950")}>
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
              <path d="M18 6 6 18M6 6l12 12" />
            </svg>
          </button>
        </div>
        <nav aria-label="Mobile">
          <ul className="space-y-1">
            {home && link(home.href, home.label)}
            {others.map((l) => link(l.href, l.label))}
            <li>
              <p id={`${id}-services`} className="mt-3 px-3 pb-1 text-xs font-semibold tracking-[0.2em] text-gold-300 uppercase">
                Services
              </p>
              <ul aria-labelledby={`${id}-services`} className="space-y-1">
                {servicesNav.map((l) => link(l.href, l.label, "pl-6"))}
              </ul>
            </li>
            {contact && link(contact.href, contact.label, "mt-3")}
          </ul>
        </nav>
        <a
          href={`tel:${company.phone.tel}`}
          className={cn("mt-auto block rounded-md bg-gold-400 px-4 py-3 text-center font-semibold text-navy-950 hover:bg-gold-300", focusRing, "focus-visible:ring-offset-navy-950")}
        >
          Call {company.phone.display}
        </a>
      </div>
    </div>
  );
}
