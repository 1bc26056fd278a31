import { useStore } from "@nanostores/react";
import { Field } from "~/components/ui/field";
import { fieldClass } from "~/components/ui/input";
import { RangeField } from "~/components/ui/range-field";
import { PROPOSAL_SLIDERS } from "./constants";
import { cn } from "~/lib/cn";
import type { DocumentSettings } from "~/schemas/proposal-document";
import { PROPOSAL_FONT_FAMILIES } from "~/schemas/proposal-fields";
import { $settings, setSetting } from "./store";

const SLIDERS = [
  { key: "bodyFontSize", label: "Body font size", unit: " pt" },
  { key: "headerFontSize", label: "Header font size", unit: " pt" },
  { key: "headerInfoFontSize", label: "Header info font size", unit: " pt" },
  { key: "bidFontSize", label: "Bid amount font size", unit: " pt" },
  { key: "pageWidth", label: "Page width", unit: " px" },
  { key: "lineHeight", label: "Line height", unit: "" },
] as const satisfies readonly { key: keyof typeof PROPOSAL_SLIDERS; label: string; unit: string }[];

/** Font family, the four font sizes, page width and line height, each slider on PROPOSAL_SLIDERS. */
export function SettingsTab() {
  const settings = useStore($settings);
  return (
    <div className="grid grid-cols-1 gap-5">
      <Field label="Font family">
        {(control) => (
          <select
            {...control}
            value={settings.fontFamily}
            onChange={(event) => setSetting("fontFamily", event.target.value as DocumentSettings["fontFamily"])}
            className={cn(fieldClass, "h-10")}
          >
            {PROPOSAL_FONT_FAMILIES.map((family) => (
              <option key={family} value={family}>
                {family}
              </option>
            ))}
          </select>
        )}
      </Field>
      {SLIDERS.map(({ key, label, unit }) => (
        <RangeField
          key={key}
          label={label}
          range={PROPOSAL_SLIDERS[key]}
          value={settings[key]}
          format={(value) => `${value.toFixed(PROPOSAL_SLIDERS[key].step < 1 ? 1 : 0)}${unit}`}
          onValueChange={(value) => setSetting(key, value)}
        />
      ))}
    </div>
  );
}
