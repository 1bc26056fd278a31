/**
 * The certificate page of a sealed bid: what was signed (the document id and the sent version's SHA-256),
 * the disclosure the signers consented to, each signer and their signature, and every event with its UTC
 * time, address and device. Every value is drawn as text, whoever wrote it.
 */
import { Image, Page, Text, View } from "@react-pdf/renderer";
import { company } from "~/config/company";
import { FONT_STACKS, TEXT_FEATURES } from "./fonts";
import { certificateWords } from "./certificate-words";
import type { CertificateFacts } from "./render";
import { NAVY, PAGE, mix } from "./theme";

/** The certificate's own measures: a plain sheet with a wider margin than the proposal's. */
const SHEET = { margin: PAGE.margin * 3, fontSize: 9, small: 7.5 } as const;
const MONO = [...FONT_STACKS.mono];
/** The events table's columns (their words' keys) and their shares of the width. */
const EVENT_COLUMNS = [
  { label: "time", width: "19%" },
  { label: "event", width: "12%" },
  { label: "signer", width: "17%" },
  { label: "address", width: "15%" },
  { label: "device", width: "37%" },
] as const;

/** A UTC time as ISO 8601 with "Z", to the second; a value that is not a time is shown as it came. */
export function utc(at: string): string {
  const time = new Date(at);
  return Number.isNaN(time.getTime()) ? at : time.toISOString().replace(/\.\d{3}Z$/, "Z");
}

export function CertificatePage({ facts, accent }: { facts: CertificateFacts; accent: string }) {
  const rule = { borderBottomWidth: 0.75, borderBottomColor: mix(accent, 0.55, "#ffffff") };
  const w = certificateWords(facts.language);
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
      <Text style={{ fontSize: 16, fontWeight: 700, paddingBottom: 4, marginBottom: 10, ...rule }}>{w.title}</Text>
      <Fact label={w.documentId} value={facts.documentId} />
      <Fact label={w.sentSha256} value={facts.sentSha256} mono />
      <Fact label={w.consentHash} value={facts.consentHash} mono />
      <Fact label={w.sealedBy} value={`${company.legalName} (${w.sealNote})`} />

      <Text style={{ fontSize: 11, fontWeight: 700, marginTop: 14, marginBottom: 6, ...rule }}>{w.signers}</Text>
      {facts.signers.map((signer, i) => (
        <View key={i} wrap={false} style={{ flexDirection: "row", marginBottom: 8 }}>
          <View style={{ flex: 1 }}>
            <Text style={{ fontWeight: 700 }}>{signer.name}</Text>
            <Text>{signer.email}</Text>
            <Text>
              {w.typedName}: {signer.typedName}
            </Text>
            <Text>
              {w.signedAt}: {utc(signer.signedAt)}
            </Text>
          </View>
          {signer.drawing && (
            <View style={{ width: 180, height: 54, borderBottomWidth: 0.75, borderBottomColor: NAVY[300] }}>
              <Image src={signer.drawing} style={{ maxWidth: 180, maxHeight: 54, objectFit: "contain" }} />
            </View>
          )}
        </View>
      ))}

      <Text style={{ fontSize: 11, fontWeight: 700, marginTop: 8, marginBottom: 4, ...rule }}>{w.events}</Text>
      <Row cells={EVENT_COLUMNS.map((c) => w[c.label])} bold />
      {facts.events.map((event, i) => (
        <Row
          key={i}
          cells={[utc(event.at), event.kind, event.signer ?? "", event.ip ?? "", event.userAgent ?? ""]}
          shaded={i % 2 === 0}
        />
      ))}

      <Text style={{ marginTop: 14 }}>
        {w.check} {facts.verifyUrl}
      </Text>
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
