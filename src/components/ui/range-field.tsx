import { useId } from "react";
import { cn } from "~/lib/cn";
import { Button } from "./button";
import { Icon } from "./icon";
import { Label } from "./input";
import { Slider } from "./slider";

/** A slider's bounds and step, as a feature's range constant gives them (e.g. SIGNATURE_RANGES.x). */
interface Range {
  min: number;
  max: number;
  step: number;
}

export interface RangeFieldProps {
  label: string;
  /** The accessible name when the visible label leans on its surroundings ("X" under "Name & title"); defaults to `label`. */
  name?: string;
  value: number;
  range: Range;
  onValueChange: (value: number) => void;
  /** How the current value reads, e.g. `(v) => `${v} pt``; defaults to the number. */
  format?: (value: number) => string;
  /** Shows a reset button that sets this value. */
  resetTo?: number;
  className?: string;
}

/** Decimal places of a step, so 0.05 steps do not show 1.1500000000000001. */
const decimals = (step: number) => (String(step).split(".")[1] ?? "").length;

/**
 * A labelled slider fed by a `{ min, max, step }` constant, showing its value, with an optional reset.
 * Arrows step once; Shift+arrow and Page Up/Down step ten times (Radix Slider).
 */
export function RangeField({
  label,
  name = label,
  value,
  range,
  onValueChange,
  format,
  resetTo,
  className,
}: RangeFieldProps) {
  const id = useId();
  const places = decimals(range.step);
  const shown = format ? format(value) : value.toFixed(places);
  return (
    <div data-slot="range-field" className={cn("grid gap-1.5", className)}>
      <div className="flex min-h-8 items-center gap-2">
        <Label id={`${id}-label`} className="flex-1 text-xs">
          {label}
        </Label>
        <output aria-live="off" htmlFor={id} className="text-xs font-semibold text-navy-700 tabular-nums">
          {shown}
        </output>
        {resetTo !== undefined && (
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            aria-label={`Reset ${name}`}
            title={`Reset ${name}`}
            disabled={value === resetTo}
            onClick={() => onValueChange(resetTo)}
          >
            <Icon name="rotate-ccw" />
          </Button>
        )}
      </div>
      <Slider
        id={id}
        aria-label={name}
        aria-valuetext={shown}
        min={range.min}
        max={range.max}
        step={range.step}
        value={[value]}
        onValueChange={([next]) => next !== undefined && onValueChange(Number(next.toFixed(places)))}
      />
    </div>
  );
}
