import type { IconName } from "~/components/ui/icon-set";
import { company } from "~/config/company";

/** A titled paragraph with an icon, the shape of most lists on the site. */
export interface Feature {
  /** A Lucide icon's name, drawn from the icon sprite beside the title. */
  icon: IconName;
  title: string;
  text: string;
}

/** The three trust statements under the home hero. */
export const trustStatements: readonly Feature[] = [
  {
    icon: "users",
    title: "Family-owned and operated",
    text: "The owners walk every job, from the first estimate to the final punch list.",
  },
  {
    icon: "shield-check",
    title: "Licensed and insured",
    text: "Fully insured crews, documented safety practices and proper paperwork on every site.",
  },
  {
    icon: "clock",
    title: "On schedule, on budget",
    text: "Written schedules and line-item bids, so the price you approve is the price you pay.",
  },
];

/** Company values: quality, integrity, service. */
export const values: readonly Feature[] = [
  {
    icon: "star",
    title: "Quality",
    text: "We prep before we paint, use commercial-grade coatings and check every finish against the spec before we call it done.",
  },
  {
    icon: "scale",
    title: "Integrity",
    text: "Honest bids, straight answers and the same number on the invoice that we put on the proposal.",
  },
  {
    icon: "heart",
    title: "Service",
    text: "One point of contact, daily updates and crews who respect your residents, your tenants and your family.",
  },
];

/** Reasons to choose the company. */
export const reasons: readonly Feature[] = [
  {
    icon: "building-complex",
    title: "Capacity for large communities",
    text: `Crews and supervision sized for ${company.unitCapacity} unit properties, with phased schedules by building.`,
  },
  {
    icon: "users",
    title: "Experience in occupied properties",
    text: "Resident notices, clean walkways and quiet hours: we work around leasing, move-ins and daily life.",
  },
  {
    icon: "droplet",
    title: "Built for the Texas climate",
    text: "Coatings and sealants specified for Gulf Coast heat, humidity, UV and the storms that come with them.",
  },
  {
    icon: "calculator",
    title: "Clear, line-item bids",
    text: "Scope, quantities and alternates spelled out, with value-engineering options when the budget is tight.",
  },
  {
    icon: "clipboard-check",
    title: "Quality control you can see",
    text: "Inspections at every phase, photo reports and a punch list closed out before final payment.",
  },
  {
    icon: "phone",
    title: "Owners who answer the phone",
    text: "A family business where the project manager and the president are a call away, not a ticket number.",
  },
];

/** Short why-choose checklist used on /residential and /contact. */
export const whyChoose: readonly string[] = [
  "Free, written estimates with no pressure",
  "Family-owned, owner-supervised projects",
  "Licensed and insured crews",
  "Careful prep: floors, furniture and landscaping protected",
  "Premium, low-VOC paints and materials",
  "Clean job site at the end of every day",
  "Residential and multifamily specialists",
  `Serving ${company.serviceArea}`,
];
