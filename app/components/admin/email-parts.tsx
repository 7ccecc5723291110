import { BarChart3, MailCheck, MousePointerClick, Plus, Users } from "lucide-react";
import { Link, useLocation } from "react-router";
import {
  CAMPAIGN_STATUS_NAMES,
  EMAILS_PATH,
  formatRate,
  TEMPLATES_PATH,
  type CampaignStatus,
} from "~/lib/campaigns";
import { formatCount } from "~/lib/text";
import { Badge, type Tone } from "./badges";
import { buttonClass } from "./button";
import { PageHeader, tabClass } from "./list-page";
import { StatCard, StatGrid } from "./stat-card";

export interface EmailStats {
  totalSubscribers: number;
  campaignsSent: number;
  avgOpenRate: number;
  avgClickRate: number;
}

const STATUS_TONES: Record<CampaignStatus, Tone> = {
  draft: "stone",
  scheduled: "amber",
  sent: "green",
};

export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{CAMPAIGN_STATUS_NAMES[status]}</Badge>;
}

/** Email Management (SPEC §2): title, compose button, the four computed cards and the tabs. */
export function EmailsHeader({ stats }: { stats: EmailStats }) {
  const { pathname } = useLocation();
  const onTemplates = pathname.startsWith(TEMPLATES_PATH);
  return (
    <>
      <PageHeader
        title="Email Management"
        description="Campaigns to the people who agreed to receive email, with their opens and clicks."
        actions={
          onTemplates ? (
            <Link to={`${TEMPLATES_PATH}/new`} className={buttonClass("primary")}>
              <Plus className="h-4 w-4" aria-hidden />
              New Template
            </Link>
          ) : (
            <Link to={`${EMAILS_PATH}/new`} className={buttonClass("primary")}>
              <Plus className="h-4 w-4" aria-hidden />
              Compose Campaign
            </Link>
          )
        }
      />
      <StatGrid>
        <StatCard
          label="Total Subscribers"
          value={formatCount(stats.totalSubscribers)}
          hint="Consented and not unsubscribed"
          icon={Users}
        />
        <StatCard
          label="Campaigns Sent"
          value={formatCount(stats.campaignsSent)}
          hint="Sent now or on schedule"
          icon={MailCheck}
        />
        <StatCard
          label="Avg. Open Rate"
          value={formatRate(stats.avgOpenRate)}
          hint="Opened ÷ delivered, per sent campaign"
          icon={BarChart3}
        />
        <StatCard
          label="Avg. Click Rate"
          value={formatRate(stats.avgClickRate)}
          hint="Clicked ÷ delivered, per sent campaign"
          icon={MousePointerClick}
        />
      </StatGrid>
      <nav aria-label="Email sections" className="mb-6 flex gap-1 border-b border-stone-200">
        <Link
          to={EMAILS_PATH}
          aria-current={onTemplates ? undefined : "page"}
          className={tabClass(!onTemplates)}
        >
          Campaigns
        </Link>
        <Link
          to={TEMPLATES_PATH}
          aria-current={onTemplates ? "page" : undefined}
          className={tabClass(onTemplates)}
        >
          Templates
        </Link>
      </nav>
    </>
  );
}
