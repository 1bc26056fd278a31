import { useEffect, useRef, useState, type ReactNode } from "react";
import { primaryNav } from "~/config/navigation";
import { MOBILE_BREAKPOINT_PX, isCurrentPath, nextHeaderHidden } from "./header";
import { MobileMenu } from "./MobileMenu";
import { desktopLinkClass, focusRing } from "./nav-styles";
import { ServicesMenu } from "./ServicesMenu";

interface SiteHeaderProps {
  /** Astro.url.pathname of the page, to mark the current link. */
  currentPath: string;
  /** The logo link (static markup from Astro, passed as the island's slot). */
  children?: ReactNode;
  /** Lucide icons as static SVG from Astro (named slots), so the island ships no icon code. */
  menuIcon?: ReactNode;
  closeIcon?: ReactNode;
  chevronIcon?: ReactNode;
}

/**
 * The public header: logo, Home / About / Services / Contact, and a slide-in menu under 768 px. It is
 * fixed (h-16, md:h-20) with a spacer of the same height in the flow, so pages need no top padding; it
 * hides while scrolling down and comes back on scrolling up, near the top, or when focus enters it.
 */
export function SiteHeader({ currentPath, children, menuIcon, closeIcon, chevronIcon }: SiteHeaderProps) {
  const [hidden, setHidden] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  // React hydrates in a transition, after Astro has already marked the island hydrated: until this effect has
  // run, a scroll goes unseen. `data-listening` says it has (the browser suite waits for it before scrolling).
  const [listening, setListening] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    let lastY = scrollY;
    const onScroll = () => {
      // Read both positions now: React may run the updater later, after lastY has moved on.
      const from = lastY;
      const to = (lastY = scrollY);
      setHidden((was) => nextHeaderHidden(was, from, to));
    };
    const desktop = matchMedia(`(min-width: ${MOBILE_BREAKPOINT_PX}px)`);
    const onResize = () => desktop.matches && setMenuOpen(false);
    addEventListener("scroll", onScroll, { passive: true });
    desktop.addEventListener("change", onResize);
    setListening(true);
    return () => {
      removeEventListener("scroll", onScroll);
      desktop.removeEventListener("change", onResize);
    };
  }, []);

  const link = ({ href, label }: { href: string; label: string }) => {
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
        data-listening={listening ? "" : undefined}
        onFocus={() => setHidden(false)}
        className={`fixed inset-x-0 top-0 z-40 h-16 border-b border-navy-100 bg-white shadow-sm transition-transform duration-300 motion-reduce:transition-none md:h-20 ${
          hidden && !menuOpen ? "-translate-y-full" : ""
        }`}
      >
        <div className="mx-auto flex h-full max-w-7xl items-center justify-between px-4 lg:px-8">
          {children}
          <nav aria-label="Main" className="hidden md:block">
            <ul className="flex gap-1">
              {/* The header reads Home, About, Services, Contact: Services goes before the last link. */}
              {primaryNav.slice(0, -1).map(link)}
              <ServicesMenu currentPath={currentPath} chevronIcon={chevronIcon} />
              {primaryNav.slice(-1).map(link)}
            </ul>
          </nav>
          <button
            ref={toggle}
            type="button"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label="Open menu"
            onClick={() => setMenuOpen(true)}
            className={`-mr-2 rounded-md p-2 text-navy-900 hover:bg-navy-50 md:hidden ${focusRing}`}
          >
            {menuIcon}
          </button>
        </div>
      </header>
      <MobileMenu
        open={menuOpen}
        currentPath={currentPath}
        onClose={() => setMenuOpen(false)}
        toggle={toggle}
        closeIcon={closeIcon}
      />
    </>
  );
}
