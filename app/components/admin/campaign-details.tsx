import { useState } from "react";
import { describeAudience, formatRate } from "~/lib/campaigns";
import { formatDateTime, type DateTexts } from "~/lib/dates";
import { formatCount } from "~/lib/text";
import type { Campaign } from "~/server/marketing/campaign-list.server";
import { buttonClass } from "./button";
import { CampaignStatusBadge } from "./email-parts";
import { Line } from "./order-panels";

/** A scheduled or sent campaign, read-only: when, to whom, its figures and its content. */
export function CampaignDetails({ campaign, dates }: { campaign: Campaign; dates: DateTexts }) {
  const f = campaign.figures;
  const [showContent, setShowContent] = useState(false);
  return (
    <div className="grid gap-6 lg:grid-cols-[18rem_1fr]">
      <dl className="text-sm">
        <Line label="Status">
          <CampaignStatusBadge status={campaign.status} />
        </Line>
        {campaign.scheduledAt ? (
          <Line label="Scheduled for">{formatDateTime(campaign.scheduledAt, dates)}</Line>
        ) : null}
        {campaign.sentAt ? (
          <Line label="Sent">{formatDateTime(campaign.sentAt, dates)}</Line>
        ) : null}
        <Line label="Recipients">{describeAudience(campaign.audience)}</Line>
        {campaign.status === "sent" ? (
          <>
            <Line label="Queued">{formatCount(f.queued)}</Line>
            <Line label="Delivered">{formatCount(f.sent)}</Line>
            <Line label="Still sending">{formatCount(f.pending)}</Line>
            <Line label="Failed or bounced">{formatCount(f.failed)}</Line>
            <Line label="Opened">
              {formatCount(f.opened)} ({formatRate(f.openRate)})
            </Line>
            <Line label="Clicked">
              {formatCount(f.clicked)} ({formatRate(f.clickRate)})
            </Line>
            <Line label="Tracked links">{formatCount(campaign.links.length)}</Line>
          </>
        ) : null}
      </dl>
      <div className="min-w-0">
        <p className="text-sm font-medium text-stone-700">Subject: {campaign.subject}</p>
        <button
          type="button"
          aria-expanded={showContent}
          onClick={() => setShowContent(!showContent)}
          className={buttonClass("secondary", "sm", "mt-3")}
        >
          {showContent ? "Hide content" : "Show content"}
        </button>
        {showContent ? (
          // A sandboxed frame: no scripts, no same-origin access, styles kept inside it.
          <iframe
            title={`Content of ${campaign.name}`}
            sandbox=""
            srcDoc={campaign.bodyHtml}
            className="mt-3 h-80 w-full rounded-lg border border-stone-200 bg-white"
          />
        ) : null}
      </div>
    </div>
  );
}
