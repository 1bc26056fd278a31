import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { company } from "~/config/company";
import { primaryNav } from "~/config/navigation";
import { MOBILE_BREAKPOINT_PX } from "~/config/ui";
import { cn } from "~/lib/cn";
import { isCurrentPath, nextHeaderHidden } from "./header";
import { MobileMenu } from "./MobileMenu";
import { desktopLinkClass, focusRing } from "./nav-styles";
import { ServicesMenu } from "./ServicesMenu";

interface SiteHeaderProps {
  /** Astro.url.pathname of the page, to mark the current link. */
  currentPath: string;
  /** The logo link (static markup from Astro, passed as the island's slot). */
  children?: ReactNode;
}

/** Hidden while scrolling down past the threshold; shown again on scrolling up or near the top. */
function useAutoHide(): [hidden: boolean, show: () => void] {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    let lastY = window.scrollY;
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        const y = window.scrollY;
        setHidden((was) => nextHeaderHidden(was, lastY, y));
        lastY = y;
      });
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      cancelAnimationFrame(frame);
    };
  }, []);
  return [hidden, useCallback(() => setHidden(false), [])];
}

/**
 * The public site's header: logo, Home / About / Services / Contact, a phone link on wide screens and a
 * slide-in menu under 768 px. Fixed, with a spacer of the same height in the flow, so pages need no padding.
 */
export function SiteHeader({ currentPath, children }: SiteHeaderProps) {
  const [hidden, show] = useAutoHide();
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const closeMenu = useCallback(() => setMenuOpen(false), []);

  useEffect(() => {
    if (!menuOpen) return;
    const desktop = window.matchMedia(`(min-width: ${MOBILE_BREAKPOINT_PX}px)`);
    const onChange = () => desktop.matches && setMenuOpen(false);
    desktop.addEventListener("change", onChange);
    return () => desktop.removeEventListener("change", onChange);
  }, [menuOpen]);

  const [home, ...afterHome] = primaryNav;
  const contact = afterHome.at(-1);
  const middle = afterHome.slice(0, -1);
  const navLink = (href: string, label: string) => {
    const current = isCurrentPath(href, currentPath);
    return (
      <li key={href}>
        <a href={href} aria-current={current ? "page" : undefined} className={desktopLinkClass(current)}>
          {label}
        </a>
      </li>
    );
  };

  return (
    <>
      <div aria-hidden="true" className="h-16 md:h-20" />
      <header
        data-hidden={hidden && !menuOpen ? "" : undefined}
        onFocus={show}
        className={cn(
          "fixed inset-x-0 top-0 z-40 h-16 border-b border-navy-100 bg-white/95 shadow-sm backdrop-blur md:h-20",
          "transition-transform duration-300 ease-out motion-reduce:transition-none",
          hidden && !menuOpen && "-translate-y-full",
        )}
      >
        <div className="mx-auto flex h-full max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
          <div className="flex min-w-0 items-center">{children}</div>
          <nav aria-label="Main" className="hidden md:block">
            <ul className="flex items-center gap-1">
              {home && navLink(home.href, home.label)}
              {middle.map((l) => navLink(l.href, l.label))}
              <ServicesMenu currentPath={currentPath} />
              {contact && navLink(contact.href, contact.label)}
            </ul>
          </nav>
          <a
            href={`tel:${company.phone.tel}`}
            className={cn("hidden shrink-0 rounded-md bg-navy-900 px-4 py-2.5 text-sm font-semibold text-white hover:bg-navy-800 lg:inline-block", focusRing)}
          >
            <span className="sr-only">Call </span>
            {company.phone.display}
          </a>
          <button
            ref={toggleRef}
            type="button"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label="Open menu"
            onClick={() => setMenuOpen(true)}
            className={cn("-mr-2 rounded-md p-2 text-navy-900 hover:bg-navy-50 md:hidden", focusRing)}
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
              <path d="M4 7h16M4 12h16M4 17h16" />
            </svg>
          </button>
        </div>
      </header>
      <MobileMenu id="mobile-menu" open={menuOpen} currentPath={currentPath} onClose={closeMenu} toggleRef={toggleRef} />
    </>
  );
}
