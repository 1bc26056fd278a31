import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { servicesNav } from "~/config/navigation";
import { isCurrentPath } from "./header";
import { desktopLinkClass, listLinkClass } from "./nav-styles";

/**
 * The desktop "Services" dropdown, a disclosure of links: Enter/Space toggle, ArrowDown/ArrowUp open it
 * on the first/last link, arrows and Home/End move, Escape closes and returns focus, Tab leaves. The
 * chevron is static SVG from the page; it turns over by CSS while the button is expanded.
 */
export function ServicesMenu({ currentPath, chevronIcon }: { currentPath: string; chevronIcon: ReactNode }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLLIElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const inside = (node: unknown) => root.current!.contains(node as Node);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => inside(event.target) || setOpen(false);
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  const focusLink = (index: number) => {
    const links = [...root.current!.querySelectorAll("a")];
    links.at(index % links.length)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const links = [...root.current!.querySelectorAll("a")];
    const at = links.indexOf(document.activeElement as HTMLAnchorElement);
    const onButton = at < 0;
    const target = { ArrowDown: onButton ? 0 : at + 1, ArrowUp: onButton ? -1 : at - 1, Home: 0, End: -1 }[event.key];
    if (event.key === "Escape") {
      setOpen(false);
      button.current!.focus();
    } else if (target !== undefined && (!onButton || event.key.startsWith("Arrow"))) {
      event.preventDefault();
      setOpen(true);
      // The list is display:none until the open state is committed.
      requestAnimationFrame(() => focusLink(target));
    }
  };

  return (
    <li
      ref={root}
      className="relative"
      onKeyDown={onKeyDown}
      onBlur={(event) => inside(event.relatedTarget) || setOpen(false)}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls="services-menu"
        className={`group ${desktopLinkClass(servicesNav.some((l) => isCurrentPath(l.href, currentPath)))}`}
        onClick={() => setOpen(!open)}
      >
        Services
        {chevronIcon}
      </button>
      <ul
        id="services-menu"
        hidden={!open}
        className="absolute top-full right-0 mt-2 w-64 rounded-lg border border-navy-100 bg-white p-2 shadow-xl"
      >
        {servicesNav.map(({ href, label }) => {
          const current = isCurrentPath(href, currentPath);
          return (
            <li key={href}>
              <a
                href={href}
                aria-current={current ? "page" : undefined}
                className={listLinkClass(current)}
                onClick={() => setOpen(false)}
              >
                {label}
              </a>
            </li>
          );
        })}
      </ul>
    </li>
  );
}
