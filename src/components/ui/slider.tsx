import * as SliderPrimitive from "@radix-ui/react-slider";
import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

/**
 * A single-thumb slider. Radix gives it the keyboard behaviour every slider here must have: arrows step once,
 * Shift+arrow and Page Up/Down step ten times, Home/End jump to the ends.
 */
export function Slider({
  className,
  "aria-label": label,
  "aria-valuetext": valueText,
  ...props
}: ComponentProps<typeof SliderPrimitive.Root>) {
  return (
    <SliderPrimitive.Root
      data-slot="slider"
      className={cn("relative flex h-5 w-full touch-none items-center select-none", className)}
      {...props}
    >
      <SliderPrimitive.Track className="relative h-1.5 grow overflow-hidden rounded-full bg-navy-100">
        <SliderPrimitive.Range className="absolute h-full bg-gold-500" />
      </SliderPrimitive.Track>
      <SliderPrimitive.Thumb
        aria-label={label}
        aria-valuetext={valueText}
        className="block size-4 rounded-full border-2 border-gold-600 bg-white shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-500"
      />
    </SliderPrimitive.Root>
  );
}
