/** Email campaigns and templates: names and figures shared by the admin screen and the server. */

import { countText } from "./text";

export const CAMPAIGN_STATUSES = ["draft", "scheduled", "sent"] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
export const CAMPAIGN_STATUS_NAMES: Record<CampaignStatus, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  sent: "Sent",
};

/** Who a campaign goes to; every audience is limited to people who consented and did not unsubscribe. */
export const AUDIENCE_KINDS = ["subscribers", "ordered-within", "never-ordered"] as const;
export type AudienceKind = (typeof AUDIENCE_KINDS)[number];
export type CampaignAudience =
  { kind: "subscribers" } | { kind: "ordered-within"; days: number } | { kind: "never-ordered" };

export const AUDIENCE_LABELS: Record<AudienceKind, string> = {
  subscribers: "All subscribers",
  "ordered-within": "Customers who ordered recently",
  "never-ordered": "Customers who never ordered",
};

export const DEFAULT_AUDIENCE_DAYS = 30;
export const MAX_AUDIENCE_DAYS = 3650;
/** The longest Email Content accepted (HTML characters). */
export const MAX_CAMPAIGN_HTML = 200_000;

export function describeAudience(audience: CampaignAudience): string {
  if (audience.kind === "ordered-within")
    return `Customers who ordered in the last ${countText(audience.days, "day")}`;
  return AUDIENCE_LABELS[audience.kind];
}

/** The audience stored in a campaign row (recipients + audience_days). */
export function campaignAudience(row: {
  recipients: string;
  audienceDays: number | null;
}): CampaignAudience {
  if (row.recipients === "ordered-within")
    return { kind: "ordered-within", days: row.audienceDays ?? DEFAULT_AUDIENCE_DAYS };
  if (row.recipients === "never-ordered") return { kind: "never-ordered" };
  return { kind: "subscribers" };
}

/** part ÷ whole in percent with one decimal ("26.6"), 0 when whole is 0. */
export function ratePercent(part: number, whole: number): number {
  if (whole <= 0) return 0;
  return Math.round((part / whole) * 1000) / 10;
}

export function formatRate(rate: number): string {
  return `${rate.toLocaleString("en-CA", { maximumFractionDigits: 1 })}%`;
}
