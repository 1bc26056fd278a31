import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

const variants = {
  default: "bg-navy-900 text-white hover:bg-navy-800",
  accent: "bg-gold-500 text-navy-950 hover:bg-gold-400",
  outline: "border border-navy-200 bg-white text-navy-900 hover:bg-navy-50",
  ghost: "text-navy-800 hover:bg-navy-100",
  destructive: "bg-red-700 text-white hover:bg-red-800",
} as const;

const sizes = {
  default: "h-10 px-4 text-sm",
  sm: "h-8 px-3 text-xs",
  icon: "size-9",
} as const;

interface ButtonVariantProps {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
}

export type ButtonProps = ComponentProps<"button"> & ButtonVariantProps;

/** The classes of a button variant, for links that should look like buttons. */
function buttonVariants(
  { variant = "default", size = "default" }: ButtonVariantProps = {},
  className?: string,
): string {
  return cn(
    "inline-flex shrink-0 items-center justify-center gap-2 rounded-md font-semibold whitespace-nowrap transition-colors",
    "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-500 disabled:pointer-events-none disabled:opacity-60",
    variants[variant],
    sizes[size],
    className,
  );
}

/** A button in the portal's variants; type="button" unless told otherwise. */
export function Button({ variant, size, className, type = "button", ...props }: ButtonProps) {
  return <button data-slot="button" type={type} className={buttonVariants({ variant, size }, className)} {...props} />;
}
