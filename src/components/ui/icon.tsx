import type { IconName } from "./icon-set";

/** Where the sprite of src/components/ui/icon-set.ts is served (src/pages/icons.svg.ts). */
export const ICON_SPRITE = "/icons.svg";

/**
 * A Lucide icon from the sprite; `className` replaces the default 16 px size. Decorative: give the control
 * around it a name. No cn() here: the public contact form's toasts draw it, and tailwind-merge is 8 KB gzip.
 */
export function Icon({ name, className = "size-4 shrink-0" }: { name: IconName; className?: string }) {
  return (
    <svg data-slot="icon" aria-hidden="true" className={className}>
      <use href={`${ICON_SPRITE}#${name}`} />
    </svg>
  );
}
