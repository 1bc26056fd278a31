/**
 * Company facts, defined once and used by every page, the footer and the JSON-LD.
 * The name is a placeholder until the owners confirm it: change it here and nowhere else.
 */
export const company = {
  name: "Anchor Line Construction",
  legalName: "Anchor Line Construction LLC",
  tagline: "Anchored in Quality",
  foundingYear: 2022,
  city: "Houston",
  /** The company's clock: daily digests go out at 7:00 here. */
  timeZone: "America/Chicago",
  region: "TX",
  regionName: "Texas",
  serviceArea: "Greater Houston and across Texas",
  phone: { display: "(713) 555-0142", tel: "+17135550142" },
  email: "info@anchorlineconstruction.com",
  contacts: [
    {
      role: "Project Manager",
      name: "Marcus Reyes",
      phone: { display: "(713) 555-0148", tel: "+17135550148" },
      email: "marcus@anchorlineconstruction.com",
    },
    {
      role: "President",
      name: "Daniel Whitfield",
      phone: { display: "(713) 555-0142", tel: "+17135550142" },
      email: "daniel@anchorlineconstruction.com",
    },
    {
      role: "Estimating Department",
      name: "Bid invitations",
      phone: { display: "(713) 555-0156", tel: "+17135550156" },
      email: "estimating@anchorlineconstruction.com",
    },
  ],
  estimatingEmail: "estimating@anchorlineconstruction.com",
  unitCapacity: "300+",
  /** The footer's line about the company, under the tagline. */
  blurb:
    "A family-owned company committed to delivering quality construction services that exceed expectations, with professional craftsmanship and reliable service.",
  legalLine: ["All rights reserved", "Licensed and insured", "Equal opportunity employer"],
} as const;
