import * as ToastPrimitive from "@radix-ui/react-toast";
import type { ComponentProps } from "react";
import { TOAST_SETTINGS } from "~/config/ui";
import { cn } from "~/lib/cn";

/** Radix Toast provider with the spec's duration and swipe-right dismissal. */
export function ToastProvider(props: ComponentProps<typeof ToastPrimitive.Provider>) {
  return (
    <ToastPrimitive.Provider
      duration={TOAST_SETTINGS.durationMs}
      swipeDirection={TOAST_SETTINGS.swipeDirection}
      swipeThreshold={TOAST_SETTINGS.swipeThresholdPx}
      {...props}
    />
  );
}

/** Where toasts appear: top on phones, bottom right and at most 420 px wide from `md` up; F8 focuses it. */
export function ToastViewport({ className, ...props }: ComponentProps<typeof ToastPrimitive.Viewport>) {
  return (
    <ToastPrimitive.Viewport
      data-slot="toast-viewport"
      hotkey={[...TOAST_SETTINGS.hotkey]}
      className={cn(
        "fixed top-0 z-[100] flex max-h-screen w-full flex-col-reverse p-4 outline-none sm:right-0 md:top-auto md:bottom-0 md:max-w-[420px] md:flex-col",
        className,
      )}
      {...props}
    />
  );
}

const variants = {
  default: "border-navy-100 bg-white text-navy-900",
  destructive: "border-red-800 bg-red-700 text-white",
} as const;

/** One toast; `variant` picks the colours. */
export function Toast({
  className,
  variant = "default",
  ...props
}: ComponentProps<typeof ToastPrimitive.Root> & { variant?: keyof typeof variants }) {
  return (
    <ToastPrimitive.Root
      data-slot="toast"
      data-variant={variant}
      className={cn(
        "group pointer-events-auto relative flex w-full items-center justify-between gap-4 overflow-hidden rounded-lg border p-5 pr-9 shadow-lg",
        "transition-[opacity,translate] duration-200 starting:translate-y-2 starting:opacity-0 motion-reduce:transition-none",
        "data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=move]:transition-none",
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}

/** A button inside the toast that does something; `altText` describes it to screen readers. */
export function ToastAction({ className, ...props }: ComponentProps<typeof ToastPrimitive.Action>) {
  return (
    <ToastPrimitive.Action
      data-slot="toast-action"
      className={cn(
        "inline-flex h-8 shrink-0 items-center rounded-md border border-current px-3 text-sm font-semibold hover:bg-black/5 focus-visible:ring-2 focus-visible:ring-gold-500 focus-visible:outline-none",
        className,
      )}
      {...props}
    />
  );
}

/** The close (x) button. */
export function ToastClose({ className, ...props }: ComponentProps<typeof ToastPrimitive.Close>) {
  return (
    <ToastPrimitive.Close
      data-slot="toast-close"
      aria-label="Close"
      className={cn(
        "absolute top-2 right-2 rounded-md p-1 opacity-70 hover:opacity-100 focus-visible:opacity-100 focus-visible:ring-2 focus-visible:ring-gold-500 focus-visible:outline-none",
        className,
      )}
      {...props}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
        <path d="M18 6 6 18M6 6l12 12" />
      </svg>
    </ToastPrimitive.Close>
  );
}

/** The toast's heading. */
export function ToastTitle({ className, ...props }: ComponentProps<typeof ToastPrimitive.Title>) {
  return <ToastPrimitive.Title data-slot="toast-title" className={cn("text-sm font-semibold", className)} {...props} />;
}

/** The toast's body text. */
export function ToastDescription({ className, ...props }: ComponentProps<typeof ToastPrimitive.Description>) {
  return <ToastPrimitive.Description data-slot="toast-description" className={cn("text-sm opacity-90", className)} {...props} />;
}
