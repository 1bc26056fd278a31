import { useStore } from "@nanostores/react";
import { useRef } from "react";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { fieldClass } from "~/components/ui/input";
import { RangeField } from "~/components/ui/range-field";
import { PROPOSAL_SLIDERS } from "./constants";
import { cn } from "~/lib/cn";
import { resetLogo, uploadLogo } from "./logo-store";
import { toColorInputValue } from "./proposal";
import { SignaturePicker } from "./SignaturePicker";
import { $settings, setSetting } from "./store";

const LOGO_SLIDERS = [
  { key: "logoSize", label: "Logo size" },
  { key: "logoX", label: "Logo position X" },
  { key: "logoY", label: "Logo position Y" },
] as const;

/** Accent colour, the logo (upload, signature template or default) and its size and position. */
export function DesignTab() {
  const settings = useStore($settings);
  const file = useRef<HTMLInputElement>(null);

  return (
    <div className="grid grid-cols-1 gap-5">
      <Field label="Accent colour">
        {(control) => (
          <div className="flex items-center gap-3">
            <input
              {...control}
              type="color"
              value={toColorInputValue(settings.accentColor)}
              onChange={(event) => setSetting("accentColor", event.target.value)}
              className="h-10 w-14 cursor-pointer rounded-md border border-navy-200 bg-white p-1"
            />
            <span className="font-mono text-sm text-navy-700 uppercase">{settings.accentColor}</span>
          </div>
        )}
      </Field>

      <fieldset className="grid grid-cols-1 gap-3 rounded-md border border-navy-100 p-3">
        <legend className="px-1 text-sm font-semibold text-navy-900">Company logo</legend>
        <Field label="Upload an image" description="PNG, JPEG, GIF or WebP; scaled to 1200 px wide at most.">
          {(control) => (
            <input
              {...control}
              ref={file}
              type="file"
              accept="image/png,image/jpeg,image/gif,image/webp,image/avif"
              onChange={async (event) => {
                const chosen = event.target.files?.[0];
                if (chosen) await uploadLogo(chosen);
                // Cleared so choosing the same file again still counts as a change.
                if (file.current) file.current.value = "";
              }}
              className={cn(
                fieldClass,
                "cursor-pointer p-1.5 text-xs file:mr-3 file:rounded file:bg-navy-900 file:px-3 file:py-1.5 file:text-xs file:font-semibold file:text-white",
              )}
            />
          )}
        </Field>
        <SignaturePicker />
        <Button variant="outline" size="sm" onClick={resetLogo} className="justify-self-start">
          Use default logo
        </Button>
      </fieldset>

      {LOGO_SLIDERS.map(({ key, label }) => (
        <RangeField
          key={key}
          label={label}
          range={PROPOSAL_SLIDERS[key]}
          value={settings[key]}
          format={(value) => `${value} px`}
          onValueChange={(value) => setSetting(key, value)}
        />
      ))}
    </div>
  );
}
