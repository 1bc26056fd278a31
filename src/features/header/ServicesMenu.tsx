import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { servicesNav } from "~/config/navigation";
import { cn } from "~/lib/cn";
import { isCurrentPath } from "./header";
import { desktopLinkClass, focusRing } from "./nav-styles";

/**
 * The desktop "Services" dropdown as a disclosure of links: Enter/Space toggles, ArrowDown/ArrowUp open
 * and focus the first/last link, arrows and Home/End move, Escape closes and returns focus, Tab leaves.
 */
export function ServicesMenu({ currentPath }: { currentPath: string }) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLLIElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const listId = useId();
  const active = servicesNav.some((link) => isCurrentPath(link.href, currentPath));

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  const links = () => Array.from(listRef.current?.querySelectorAll<HTMLAnchorElement>("a") ?? []);
  const focusLink = (index: number) => {
    const all = links();
    all[(index + all.length) % all.length]?.focus();
  };
  const openAndFocus = (index: number) => {
    setOpen(true);
    // The list is display:none until React commits the open state.
    requestAnimationFrame(() => focusLink(index));
  };

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      openAndFocus(event.key === "ArrowDown" ? 0 : -1);
    } else if (event.key === "Escape" && open) {
      setOpen(false);
    }
  };

  const onListKeyDown = (event: KeyboardEvent) => {
    const index = links().indexOf(document.activeElement as HTMLAnchorElement);
    const moves: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: -1 };
    if (event.key in moves) {
      event.preventDefault();
      focusLink(moves[event.key]!);
    } else if (event.key === "Escape") {
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    }
  };

  return (
    <li
      ref={rootRef}
      className="relative"
      onBlur={(event) => {
        if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        className={desktopLinkClass(active)}
        onClick={() => setOpen((was) => !was)}
        onKeyDown={onButtonKeyDown}
      >
        Services
        <svg aria-hidden="true" viewBox="0 0 20 20" className={cn("size-4 transition-transform motion-reduce:transition-none", open && "rotate-180")} fill="currentColor">
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
        </svg>
      </button>
      <ul
        ref={listRef}
        id={listId}
        hidden={!open}
        onKeyDown={onListKeyDown}
        className="absolute top-full left-0 z-10 mt-2 w-64 rounded-lg border border-navy-100 bg-white p-2 shadow-xl"
      >
        {servicesNav.map((link) => {
          const current = isCurrentPath(link.href, currentPath);
          return (
            <li key={link.href}>
              <a
                href={link.href}
                aria-current={current ? "page" : undefined}
                onClick={() => setOpen(false)}
                className={cn(
                  "block rounded-md border-l-4 border-transparent px-3 py-2.5 text-[15px] font-medium text-navy-800 hover:bg-navy-50 hover:text-navy-950 focus-visible:bg-navy-50",
                  current && "border-gold-500 bg-navy-50 font-semibold text-navy-950",
                  focusRing,
                  "focus-visible:ring-offset-0",
                )}
              >
                {link.label}
              </a>
            </li>
          );
        })}
      </ul>
    </li>
  );
}
