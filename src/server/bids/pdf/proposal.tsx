/**
 * The proposal as it prints from the editor: the letterhead, the Base Bid Amount box with its turnkey
 * breakdown and the validity date, then the body; proposal.css's measures through the theme's scale.
 */
import { Image, Page, Text, View } from "@react-pdf/renderer";
import type { SentDocument } from "~/schemas/bids";
import { BID_BREAKDOWN } from "~/schemas/proposal-fields";
import { Body } from "./body";
import { TEXT_FEATURES } from "./fonts";
import { INK, NAVY, PAGE, type Theme } from "./theme";

interface Props {
  document: SentDocument;
  theme: Theme;
  /** "Valid until …", printed in the bid box. */
  validity: string;
}

/** The proposal pages: one long page of the editor, broken onto Letter pages with the print margin. */
export function ProposalPages({ document, theme, validity }: Props) {
  const { settings } = document;
  const { px, pt } = theme;
  // The editor page's side padding (48 px) is the Page's, so the body's blocks are the page's own children
  // (react-pdf keeps a heading with what follows only among those); a page narrower than the printable
  // width stays at the left, as it prints.
  const left = PAGE.margin + px(48);
  return (
    <Page
      size="LETTER"
      style={{
        paddingTop: PAGE.margin,
        paddingBottom: PAGE.margin,
        paddingLeft: left,
        paddingRight: PAGE.width - left - (theme.width - 2 * px(48)),
        fontFamily: theme.face,
        fontFeatureSettings: TEXT_FEATURES,
        fontSize: pt(settings.bodyFontSize),
        lineHeight: theme.lineHeight,
        color: INK,
      }}
    >
      {/*
        The editor page's top padding (36 px) starts the first page; its bottom padding is left out, as blank
        space after the last line would only push a blank page out when the text ends near the foot.
      */}
      <View style={{ height: px(36) }} />
      <Header document={document} theme={theme} />
      <BidBox document={document} theme={theme} validity={validity} />
      <Body nodes={document.body} theme={theme} size={pt(settings.bodyFontSize)} />
    </Page>
  );
}

/** The letterhead: the logo centred then moved by logoX/logoY, the date, the company, the project lines. */
function Header({ document, theme }: Omit<Props, "validity">) {
  const { settings, content } = document;
  const { px, pt } = theme;
  const info = { fontSize: pt(settings.headerInfoFontSize), marginTop: px(2) };
  return (
    <View
      wrap={false}
      style={{
        textAlign: "center",
        paddingBottom: px(14),
        marginBottom: px(16),
        borderBottomWidth: px(2),
        borderBottomColor: theme.accent,
      }}
    >
      {settings.logo && (
        // A logo moved down pushes the text below it down too, so it never covers the date.
        <View
          style={{
            flexDirection: "row",
            justifyContent: "center",
            marginBottom: px(10),
            paddingBottom: px(Math.max(0, settings.logoY)),
          }}
        >
          <Image
            src={settings.logo}
            style={{
              width: px(settings.logoSize),
              position: "relative",
              left: px(settings.logoX),
              top: px(settings.logoY),
            }}
          />
        </View>
      )}
      <Text style={{ ...info, marginTop: 0 }}>{content.currentDate}</Text>
      <Text
        style={{
          marginTop: px(6),
          fontSize: pt(settings.headerFontSize),
          fontWeight: 700,
          letterSpacing: 0.06 * pt(settings.headerFontSize),
          textTransform: "uppercase",
          color: NAVY[950],
        }}
      >
        {content.companyName}
      </Text>
      <Text style={info}>{content.companyAddress}</Text>
      <View style={{ ...info, marginTop: px(10), flexDirection: "row", flexWrap: "wrap", justifyContent: "center" }}>
        <Text style={{ marginHorizontal: px(14) }}>
          <Text style={{ fontWeight: 700 }}>Project Name:</Text> {content.projectName}
        </Text>
        <Text style={{ marginHorizontal: px(14) }}>
          <Text style={{ fontWeight: 700 }}>Project Location:</Text> {content.projectLocation}
        </Text>
      </View>
    </View>
  );
}

/** The Base Bid Amount box in the accent, its turnkey breakdown and the last day the bid can be signed. */
function BidBox({ document, theme, validity }: Props) {
  const { settings, content } = document;
  const { px, pt } = theme;
  const body = pt(settings.bodyFontSize);
  return (
    <View
      wrap={false}
      style={{
        width: "78%",
        marginHorizontal: "auto",
        marginBottom: px(20),
        paddingTop: px(12),
        paddingHorizontal: px(20),
        paddingBottom: px(14),
        textAlign: "center",
        borderWidth: px(2),
        borderColor: theme.accent,
        borderRadius: px(6),
        backgroundColor: theme.accentFill,
      }}
    >
      <Text
        style={{
          fontSize: 0.95 * body,
          fontWeight: 700,
          letterSpacing: 0.14 * 0.95 * body,
          textTransform: "uppercase",
          color: NAVY[800],
        }}
      >
        Base Bid Amount
      </Text>
      <Text
        style={{
          marginTop: px(2),
          marginBottom: px(6),
          fontSize: pt(settings.bidFontSize),
          fontWeight: 700,
          lineHeight: 1.15,
          color: NAVY[950],
        }}
      >
        {content.baseBidAmount}
      </Text>
      <Text style={{ fontStyle: "italic", color: NAVY[700] }}>Turnkey price, including:</Text>
      <View style={{ marginTop: px(6), flexDirection: "row", flexWrap: "wrap", justifyContent: "center" }}>
        {BID_BREAKDOWN.map(({ field, label }) => (
          <View key={field} style={{ marginHorizontal: px(14) }}>
            <Text style={{ fontWeight: 700 }}>{label}</Text>
            <Text>{content[field]}</Text>
          </View>
        ))}
      </View>
      <Text style={{ marginTop: px(8), fontSize: 0.9 * body, color: NAVY[700] }}>{validity}</Text>
    </View>
  );
}
