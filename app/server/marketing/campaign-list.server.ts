import { and, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import {
  campaignAudience,
  ratePercent,
  type CampaignAudience,
  type CampaignStatus,
} from "~/lib/campaigns";
import { isUuid } from "~/lib/ids";
import { ADMIN_PAGE_SIZE, pageCount, type ListResult } from "~/schemas/admin-list";
import type { CampaignListQuery } from "~/schemas/campaigns";
import { db } from "../db.server";
import { emailCampaigns, emailOutbox } from "../db-tables";
import { countAudience } from "./mailing.server";

/** What a sent campaign's outbox rows say: every figure is counted from them, never stored. */
interface CampaignFigures {
  queued: number;
  sent: number;
  failed: number;
  pending: number;
  opened: number;
  clicked: number;
  /** opened ÷ sent and clicked ÷ sent, in percent with one decimal (0 while nothing was sent). */
  openRate: number;
  clickRate: number;
}

export interface CampaignRow {
  id: string;
  name: string;
  subject: string;
  audience: CampaignAudience;
  status: CampaignStatus;
  scheduledAt: Date | null;
  sentAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  figures: CampaignFigures;
}

export interface Campaign extends CampaignRow {
  bodyHtml: string;
  links: string[];
}

const NO_FIGURES: CampaignFigures = {
  queued: 0,
  sent: 0,
  failed: 0,
  pending: 0,
  opened: 0,
  clicked: 0,
  openRate: 0,
  clickRate: 0,
};

/** The outbox counts of these campaigns, in one grouped query (email_outbox_campaign_idx). */
async function figuresOf(ids: string[]): Promise<Map<string, CampaignFigures>> {
  if (ids.length === 0) return new Map();
  const rows = await db()
    .select({
      campaignId: sql<string>`${emailOutbox.campaignId}`,
      queued: sql<number>`count(*)::int`,
      sent: sql<number>`count(*) filter (where ${emailOutbox.status} = 'sent')::int`,
      failed: sql<number>`count(*) filter (where ${emailOutbox.status} in ('failed','bounced'))::int`,
      opened: sql<number>`count(${emailOutbox.openedAt})::int`,
      clicked: sql<number>`count(${emailOutbox.clickedAt})::int`,
    })
    .from(emailOutbox)
    .where(inArray(emailOutbox.campaignId, ids))
    .groupBy(emailOutbox.campaignId);
  return new Map(
    rows.map(({ campaignId, ...r }) => [
      campaignId,
      {
        ...r,
        pending: r.queued - r.sent - r.failed,
        openRate: ratePercent(r.opened, r.sent),
        clickRate: ratePercent(r.clicked, r.sent),
      },
    ]),
  );
}

const ROW = {
  id: emailCampaigns.id,
  name: emailCampaigns.name,
  subject: emailCampaigns.subject,
  recipients: emailCampaigns.recipients,
  audienceDays: emailCampaigns.audienceDays,
  status: sql<CampaignStatus>`${emailCampaigns.status}`,
  scheduledAt: emailCampaigns.scheduledAt,
  sentAt: emailCampaigns.sentAt,
  createdAt: emailCampaigns.createdAt,
  updatedAt: emailCampaigns.updatedAt,
};

type RawRow = { recipients: string; audienceDays: number | null };
function toRow<T extends RawRow & { id: string }>(
  { recipients, audienceDays, ...row }: T,
  figures: Map<string, CampaignFigures>,
) {
  return {
    ...row,
    audience: campaignAudience({ recipients, audienceDays }),
    figures: figures.get(row.id) ?? NO_FIGURES,
  };
}

/**
 * Search by the start of words of the name or the subject ("spr" finds "Spring sale"), every word
 * typed must match: full text on email_campaigns_search_idx.
 */
function searchCondition(q: string): SQL | undefined {
  const words =
    q
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, 8) ?? [];
  if (words.length === 0) return undefined;
  const query = words.map((w) => `${w}:*`).join(" & ");
  return sql`to_tsvector('simple', ${emailCampaigns.name} || ' ' || ${emailCampaigns.subject}) @@ to_tsquery('simple', ${query})`;
}

/**
 * A page of campaigns, newest first, each with its figures, filtered by search and status (all
 * in the URL; a status uses email_campaigns_status_created_idx).
 */
export async function listCampaigns(
  options: Partial<Pick<CampaignListQuery, "q" | "status">> & {
    page: number;
    pageSize?: number;
  },
): Promise<ListResult<CampaignRow>> {
  const pageSize = options.pageSize ?? ADMIN_PAGE_SIZE;
  const status = options.status ?? "all";
  const where = and(
    status === "all" ? undefined : eq(emailCampaigns.status, status),
    searchCondition(options.q ?? ""),
  );
  const [{ total } = { total: 0 }] = await db()
    .select({ total: count() })
    .from(emailCampaigns)
    .where(where);
  const pages = pageCount(total, pageSize);
  const page = Math.min(options.page, pages);
  const rows = await db()
    .select(ROW)
    .from(emailCampaigns)
    .where(where)
    .orderBy(desc(emailCampaigns.createdAt), desc(emailCampaigns.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const figures = await figuresOf(rows.filter((r) => r.status === "sent").map((r) => r.id));
  return {
    rows: rows.map((r) => toRow(r, figures)),
    total,
    page,
    pageCount: pages,
    pageSize,
  };
}

/** One campaign with its HTML and figures, or undefined (also for an id that is not a UUID). */
export async function getCampaign(id: string): Promise<Campaign | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db()
    .select({ ...ROW, bodyHtml: emailCampaigns.bodyHtml, links: emailCampaigns.links })
    .from(emailCampaigns)
    .where(eq(emailCampaigns.id, id));
  if (!row) return undefined;
  return toRow(row, row.status === "sent" ? await figuresOf([row.id]) : new Map());
}

interface CampaignStats {
  totalSubscribers: number;
  campaignsSent: number;
  /** The mean of the sent campaigns' open and click rates (those with a delivered message). */
  avgOpenRate: number;
  avgClickRate: number;
}

interface StatsRow {
  sent_campaigns: number;
  open_rate: number | null;
  click_rate: number | null;
}

/** The Email Management cards, computed: 0 when nothing was sent. */
export async function getCampaignStats(): Promise<CampaignStats> {
  const [subscribers, [row]] = await Promise.all([
    countAudience({ kind: "subscribers" }),
    db()
      .execute(
        sql`select
          (select count(*) from email_campaigns where status = 'sent')::int as sent_campaigns,
          avg(opened::float8 / delivered) as open_rate,
          avg(clicked::float8 / delivered) as click_rate
        from (
          select count(*) filter (where o.status = 'sent') as delivered,
            count(o.opened_at) as opened, count(o.clicked_at) as clicked
          from email_campaigns c join email_outbox o on o.campaign_id = c.id
          where c.status = 'sent'
          group by c.id
        ) per_campaign
        where delivered > 0`,
      )
      .then((r) => (r as unknown as { rows: StatsRow[] }).rows),
  ]);
  const percent = (v: number | null | undefined) =>
    v === null || v === undefined ? 0 : Math.round(Number(v) * 1000) / 10;
  return {
    totalSubscribers: subscribers,
    campaignsSent: Number(row?.sent_campaigns ?? 0),
    avgOpenRate: percent(row?.open_rate),
    avgClickRate: percent(row?.click_rate),
  };
}
