import { BarChart3, MailCheck, MousePointerClick, Plus, Users } from "lucide-react";
import { href, Link, useLocation } from "react-router";
import { CAMPAIGN_STATUS_NAMES, formatRate, type CampaignStatus } from "~/lib/campaigns";
import { formatCount } from "~/lib/text";
import { Badge, type Tone } from "./badges";
import { buttonClass } from "./button";
import { PageHeader, tabClass } from "./page";
import { StatCard, StatGrid } from "./stat-card";

interface EmailStats {
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

export const EMAILS_TITLE = "Email Management";
export const EMAILS_DESCRIPTION =
  "Campaigns to the people who agreed to receive email, with their opens and clicks.";

/** The Templates tab's header: title, New Template, the cards and the tabs. */
export function EmailsHeader({ stats }: { stats: EmailStats }) {
  return (
    <>
      <PageHeader
        title={EMAILS_TITLE}
        description={EMAILS_DESCRIPTION}
        actions={
          <Link
            to={href("/budzadmin/dashboard/emails/templates/new")}
            className={buttonClass("primary")}
          >
            <Plus className="h-4 w-4" aria-hidden />
            New Template
          </Link>
        }
      />
      <EmailsSummary stats={stats} />
    </>
  );
}

/** The Campaigns tab's main action. */
export function ComposeLink() {
  return (
    <Link to={href("/budzadmin/dashboard/emails/new")} className={buttonClass("primary")}>
      <Plus className="h-4 w-4" aria-hidden />
      Compose Campaign
    </Link>
  );
}

/**
 * Email Management (docs/product/customers-and-marketing.md#email-campaigns): the four computed
 * cards and the Campaigns / Templates tabs.
 */
export function EmailsSummary({ stats }: { stats: EmailStats }) {
  const { pathname } = useLocation();
  const templates = href("/budzadmin/dashboard/emails/templates");
  const onTemplates = pathname.startsWith(templates);
  return (
    <>
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
          to={href("/budzadmin/dashboard/emails")}
          aria-current={onTemplates ? undefined : "page"}
          className={tabClass(!onTemplates)}
        >
          Campaigns
        </Link>
        <Link
          to={templates}
          aria-current={onTemplates ? "page" : undefined}
          className={tabClass(onTemplates)}
        >
          Templates
        </Link>
      </nav>
    </>
  );
}
