/**
 * The certificate page of a sealed bid: what was signed (the document id and the sent version's SHA-256),
 * the disclosure the signers consented to, each signer and their signature, and every event with its UTC
 * time, address and device. Every value is drawn as text, whoever wrote it.
 */
import { Image, Page, Text, View } from "@react-pdf/renderer";
import { company } from "~/config/company";
import { FONT_STACKS, TEXT_FEATURES } from "./fonts";
import type { CertificateFacts } from "./render";
import { NAVY, PAGE, mix } from "./theme";

/** The certificate's own measures: a plain sheet with a wider margin than the proposal's. */
const SHEET = { margin: PAGE.margin * 3, fontSize: 9, small: 7.5 } as const;
const MONO = [...FONT_STACKS.mono];
/** The events table's columns and their shares of the width. */
const EVENT_COLUMNS = [
  { label: "Time (UTC)", width: "19%" },
  { label: "Event", width: "12%" },
  { label: "Signer", width: "17%" },
  { label: "Address", width: "15%" },
  { label: "Device", width: "37%" },
] as const;

/** A UTC time as ISO 8601 with "Z", to the second; a value that is not a time is shown as it came. */
export function utc(at: string): string {
  const time = new Date(at);
  return Number.isNaN(time.getTime()) ? at : time.toISOString().replace(/\.\d{3}Z$/, "Z");
}

export function CertificatePage({ facts, accent }: { facts: CertificateFacts; accent: string }) {
  const rule = { borderBottomWidth: 0.75, borderBottomColor: mix(accent, 0.55, "#ffffff") };
  return (
    <Page
      size="LETTER"
      style={{
        padding: SHEET.margin,
        fontFamily: [...FONT_STACKS.sans],
        fontFeatureSettings: TEXT_FEATURES,
        fontSize: SHEET.fontSize,
        lineHeight: 1.3,
        color: NAVY[950],
      }}
    >
      <Text style={{ fontSize: 16, fontWeight: 700, paddingBottom: 4, marginBottom: 10, ...rule }}>
        Certificate of completion
      </Text>
      <Fact label="Document ID" value={facts.documentId} />
      <Fact label="SHA-256 of the sent version" value={facts.sentSha256} mono />
      <Fact label="SHA-256 of the electronic signature disclosure" value={facts.consentHash} mono />
      <Fact label="Sealed by" value={`${company.legalName} (PDF digital signature over this whole file)`} />

      <Text style={{ fontSize: 11, fontWeight: 700, marginTop: 14, marginBottom: 6, ...rule }}>Signers</Text>
      {facts.signers.map((signer, i) => (
        <View key={i} wrap={false} style={{ flexDirection: "row", marginBottom: 8 }}>
          <View style={{ flex: 1 }}>
            <Text style={{ fontWeight: 700 }}>{signer.name}</Text>
            <Text>{signer.email}</Text>
            <Text>Typed name: {signer.typedName}</Text>
            <Text>Signed at: {utc(signer.signedAt)}</Text>
          </View>
          {signer.drawing && (
            <View style={{ width: 180, height: 54, borderBottomWidth: 0.75, borderBottomColor: NAVY[300] }}>
              <Image src={signer.drawing} style={{ maxWidth: 180, maxHeight: 54, objectFit: "contain" }} />
            </View>
          )}
        </View>
      ))}

      <Text style={{ fontSize: 11, fontWeight: 700, marginTop: 8, marginBottom: 4, ...rule }}>Events</Text>
      <Row cells={EVENT_COLUMNS.map((c) => c.label)} bold />
      {facts.events.map((event, i) => (
        <Row
          key={i}
          cells={[utc(event.at), event.kind, event.signer ?? "", event.ip ?? "", event.userAgent ?? ""]}
          shaded={i % 2 === 0}
        />
      ))}

      <Text style={{ marginTop: 14 }}>Check this document at {facts.verifyUrl}</Text>
    </Page>
  );
}

function Fact({ label, value, mono = false }: { label: string; value: string; mono?: boolean }) {
  return (
    <View style={{ marginBottom: 4 }}>
      <Text style={{ fontSize: SHEET.small, color: NAVY[700] }}>{label}</Text>
      <Text style={mono ? { fontFamily: MONO, fontSize: 8.5 } : {}}>{value}</Text>
    </View>
  );
}

function Row({ cells, bold = false, shaded = false }: { cells: string[]; bold?: boolean; shaded?: boolean }) {
  return (
    <View
      wrap={false}
      style={{
        flexDirection: "row",
        fontSize: SHEET.small,
        fontWeight: bold ? 700 : 400,
        backgroundColor: shaded ? NAVY[50] : undefined,
        borderBottomWidth: bold ? 0.75 : 0,
        borderBottomColor: NAVY[300],
      }}
    >
      {cells.map((cell, i) => (
        <Text key={i} style={{ width: EVENT_COLUMNS[i].width, paddingVertical: 2, paddingHorizontal: 3 }}>
          {cell}
        </Text>
      ))}
    </View>
  );
}
