import { useStore } from "@nanostores/react";
import { EditableText } from "./EditableText";
import { logoFailedToLoad } from "./logo-store";
import { $settings } from "./store";

/**
 * The proposal's letterhead: the logo centred then moved by logoX/logoY, the date, the
 * company's name and address, and the project lines. A logo moved down pushes the text below it
 * down too, so it never covers the date.
 */
export function DocumentHeader() {
  const { logoFile, logoSize, logoX, logoY, headerFontSize, headerInfoFontSize } = useStore($settings);
  const info = { fontSize: `${headerInfoFontSize}pt` };
  return (
    <header className="proposal-header">
      <div className="proposal-logo" style={{ paddingBottom: Math.max(0, logoY) }}>
        <img
          src={logoFile}
          alt="Company logo"
          width={logoSize}
          style={{ width: logoSize, left: logoX, top: logoY }}
          onError={logoFailedToLoad}
        />
      </div>
      <p style={info}>
        <EditableText field="currentDate" label="Proposal date" />
      </p>
      <p className="proposal-company" style={{ fontSize: `${headerFontSize}pt` }}>
        <EditableText field="companyName" label="Company name" />
      </p>
      <p style={info}>
        <EditableText field="companyAddress" label="Company address" />
      </p>
      <div className="proposal-project" style={info}>
        <p>
          <span className="proposal-field-label">Project Name:</span>{" "}
          <EditableText field="projectName" label="Project name" />
        </p>
        <p>
          <span className="proposal-field-label">Project Location:</span>{" "}
          <EditableText field="projectLocation" label="Project location" />
        </p>
      </div>
    </header>
  );
}
