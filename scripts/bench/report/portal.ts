/** bench:portal and bench:proposal in the report: the portal's timed interactions and response sizes. */
import type { PortalResults, ProposalResults } from "../results";
import { megabytes, ms, table, verdict, type Figure, type SectionBody } from "./format";

/** bench:portal's section: the signature generator's Gmail/Outlook export. */
export function portalSection(portal: PortalResults): SectionBody {
  return {
    lines: [
      `Chromium against ${portal.server}; median of ${portal.runs} runs after a warm-up run. No target is set for it (issue 8 sets none).`,
      "",
      ...table(
        ["interaction", "median", "min", "max", "runs", "target"],
        [[portal.scenario, ms(portal.medianMs), ms(portal.minMs), ms(portal.maxMs), String(portal.runs), "none set"]],
      ),
    ],
    figures: [
      {
        subject: "/portal/signature",
        figure: portal.scenario,
        measured: ms(portal.medianMs),
        value: portal.medianMs,
        unit: "ms",
        note: `median of ${portal.runs}; min ${ms(portal.minMs)}, max ${ms(portal.maxMs)}`,
      },
    ],
    targets: { met: 0, total: 0 },
  };
}

/** bench:proposal's section: the editor's Load dialog and the dashboard with many saved proposals. */
export function proposalSection(p: ProposalResults): SectionBody {
  const sized = p.responses.map((r) => ({ ...r, pass: r.bytes <= p.responseLimitBytes }));
  const timed = [
    { name: `Load dialog open (click to row ${p.templates})`, ...p.dialogOpen, target: p.targetMs },
    { name: `Dashboard open (navigation to card ${p.templates})`, ...p.dashboardOpen, target: p.targetMs },
    { name: "Load one proposal (click to 'Template loaded!')", ...p.loadOne, target: undefined },
  ].map((t) => ({ ...t, pass: t.target === undefined ? undefined : t.medianMs < t.target }));
  const limit = `≤ ${megabytes(p.responseLimitBytes)} (Netlify function response)`;
  const figures: Figure[] = [
    ...sized.map((r) => ({
      subject: "proposal editor",
      figure: r.name,
      measured: megabytes(r.bytes),
      value: r.bytes,
      unit: "bytes" as const,
      target: limit,
      pass: r.pass,
    })),
    ...timed.map((t) => ({
      subject: "proposal editor",
      figure: t.name,
      measured: ms(t.medianMs),
      value: t.medianMs,
      unit: "ms" as const,
      ...(t.target === undefined ? {} : { target: `< ${ms(t.target)}`, pass: t.pass }),
      note: `median of ${p.rounds}; max ${ms(t.maxMs)}`,
    })),
  ];
  const judged = [...sized, ...timed].filter((x) => x.pass !== undefined).map((x) => x.pass);
  return {
    lines: [
      `${p.templates} saved proposals, each the sample document with a logo as large as an upload may keep; the real handlers on in-memory PGlite; Chromium on the production build; median of ${p.rounds} fresh page loads.`,
      "",
      ...table(
        ["response", "size", "limit", "result"],
        sized.map((r) => [r.name, megabytes(r.bytes), limit, verdict(r.pass)]),
      ),
      "",
      ...table(
        ["interaction", "median", "max", "target", "result"],
        timed.map((t) => [
          t.name,
          ms(t.medianMs),
          ms(t.maxMs),
          t.target === undefined ? "none set" : `< ${ms(t.target)}`,
          verdict(t.pass),
        ]),
      ),
    ],
    figures,
    targets: { met: judged.filter(Boolean).length, total: judged.length },
  };
}
