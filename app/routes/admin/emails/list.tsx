import { Eye, Pencil } from "lucide-react";
import { auditActor } from "~/server/auth/actor.server";
import { Form, href, Link, Outlet, useLocation, useSubmit } from "react-router";
import type { Route } from "./+types/list";
import { buttonClass } from "~/components/admin/button";
import {
  CampaignStatusBadge,
  ComposeLink,
  EMAILS_DESCRIPTION,
  EMAILS_TITLE,
  EmailsSummary,
} from "~/components/admin/email-parts";
import { ListPage, statusFilter, type Column } from "~/components/admin/list-page";
import { DeleteButton } from "~/components/admin/modal";
import { AdminErrorBoundary } from "~/components/admin/route-error";
import {
  CAMPAIGN_STATUS_NAMES,
  CAMPAIGN_STATUSES,
  describeAudience,
  formatRate,
} from "~/lib/campaigns";
import { formatDateTime, withDateTexts } from "~/lib/dates";
import { formatCount } from "~/lib/text";
import { parseListQuery } from "~/schemas/admin-list";
import { CampaignListQuerySchema } from "~/schemas/campaigns";
import { redirectWithToast } from "~/server/admin/flash.server";
import { config } from "~/server/config.server";
import { dispatchIntent, postedId, readForm } from "~/server/http/form.server";
import {
  cancelCampaignSchedule,
  deleteCampaignDraft,
} from "~/server/marketing/campaign-admin.server";
import {
  getCampaignStats,
  listCampaigns,
  type CampaignRow,
} from "~/server/marketing/campaign-list.server";
import { requirePermission } from "~/server/auth/admin-guard.server";

export const middleware: Route.MiddlewareFunction[] = [requirePermission("marketing")];

export const meta: Route.MetaFunction = () => [{ title: "Email Management · Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  const query = parseListQuery(request.url, CampaignListQuerySchema);
  const [stats, list] = await Promise.all([getCampaignStats(), listCampaigns(query)]);
  return withDateTexts({ query, stats, list }, config().STORE_TIMEZONE);
}

/** A row's Cancel schedule and Delete buttons post here. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const id = postedId(form);
  const back = `${href("/budzadmin/dashboard/emails")}${new URL(request.url).search}`;
  const result = await dispatchIntent(form, {
    "cancel-schedule": async () => {
      const done = await cancelCampaignSchedule(id, auditActor(context));
      return done.ok ? `Schedule cancelled: "${done.name}" is a draft again.` : done;
    },
    delete: async () => {
      const done = await deleteCampaignDraft(id, auditActor(context));
      return done.ok ? `Draft "${done.name}" deleted.` : done;
    },
  });
  if (typeof result !== "string") return redirectWithToast(back, result.message, "error");
  return redirectWithToast(back, result);
}

function RowActions({ campaign }: { campaign: CampaignRow }) {
  const { search } = useLocation();
  const submit = useSubmit();
  const action = `${href("/budzadmin/dashboard/emails")}${search}`;
  const to = `${href("/budzadmin/dashboard/emails/:campaignId", { campaignId: campaign.id })}${search}`;
  return (
    <div className="flex items-center justify-end gap-1">
      {campaign.status === "draft" ? (
        <Link
          to={to}
          className={buttonClass("secondary", "sm")}
          aria-label={`Edit ${campaign.name}`}
        >
          <Pencil className="h-4 w-4" aria-hidden />
          Edit
        </Link>
      ) : (
        <Link
          to={to}
          className={buttonClass("ghost", "icon")}
          aria-label={`View ${campaign.name}`}
          title="View"
        >
          <Eye className="h-4 w-4" aria-hidden />
        </Link>
      )}
      {campaign.status === "scheduled" ? (
        <Form method="post" action={action} preventScrollReset>
          <input type="hidden" name="intent" value="cancel-schedule" />
          <input type="hidden" name="id" value={campaign.id} />
          <button
            type="submit"
            className={buttonClass("secondary", "sm")}
            aria-label={`Cancel the schedule of ${campaign.name}`}
          >
            Cancel schedule
          </button>
        </Form>
      ) : null}
      {campaign.status === "draft" ? (
        <DeleteButton
          label={`Delete ${campaign.name}`}
          title={`Delete "${campaign.name}"?`}
          message="This draft has not been sent, so it can be deleted. This action cannot be undone."
          onConfirm={() =>
            void submit(
              { intent: "delete", id: campaign.id },
              { method: "post", action, preventScrollReset: true },
            )
          }
        />
      ) : null}
    </div>
  );
}

export default function Campaigns({ loaderData }: Route.ComponentProps) {
  const { query, stats, list, dates } = loaderData;
  const filtered = query.q !== "" || query.status !== "all";
  const when = (c: CampaignRow) =>
    c.status === "sent" && c.sentAt
      ? `Sent ${formatDateTime(c.sentAt, dates)}`
      : c.status === "scheduled" && c.scheduledAt
        ? `For ${formatDateTime(c.scheduledAt, dates)}`
        : `Edited ${formatDateTime(c.updatedAt, dates)}`;
  const figure = (c: CampaignRow, count: number, rate: number) =>
    c.status === "sent" ? (
      <div className="whitespace-nowrap">
        <p className="font-semibold text-stone-900 tabular-nums">{formatRate(rate)}</p>
        <p className="text-xs text-stone-500">{formatCount(count)}</p>
      </div>
    ) : (
      <span className="text-stone-400">—</span>
    );
  const columns: Column<CampaignRow>[] = [
    {
      key: "campaign",
      header: "Campaign",
      cell: (c) => (
        <div className="max-w-64 min-w-0">
          <p className="truncate font-medium text-stone-900">{c.name}</p>
          <p className="truncate text-xs text-stone-500">{c.subject || "No subject yet"}</p>
          <p className="mt-1 flex flex-wrap items-center gap-x-2 text-xs text-stone-600 sm:hidden">
            <CampaignStatusBadge status={c.status} />
            {c.status === "sent"
              ? `${formatRate(c.figures.openRate)} opened · ${formatRate(c.figures.clickRate)} clicked`
              : null}
          </p>
        </div>
      ),
    },
    {
      key: "recipients",
      header: "Recipients",
      hideBelow: "lg",
      cell: (c) => <p className="max-w-48 text-stone-700">{describeAudience(c.audience)}</p>,
    },
    {
      key: "status",
      header: "Status",
      hideBelow: "sm",
      cell: (c) => (
        <div>
          <CampaignStatusBadge status={c.status} />
          <p className="mt-1 max-w-36 text-xs text-stone-500">{when(c)}</p>
        </div>
      ),
    },
    {
      key: "sent",
      header: "Delivered",
      hideBelow: "md",
      cell: (c) =>
        c.status === "sent" ? (
          <div className="whitespace-nowrap tabular-nums">
            <p className="font-semibold text-stone-900">
              {formatCount(c.figures.sent)}
              <span className="font-normal text-stone-500">
                {" "}
                of {formatCount(c.figures.queued)}
              </span>
            </p>
            <p className="text-xs text-stone-500">
              {c.figures.failed > 0 ? `${formatCount(c.figures.failed)} failed · ` : ""}
              {c.figures.pending > 0 ? `${formatCount(c.figures.pending)} sending` : "done"}
            </p>
          </div>
        ) : (
          <span className="text-stone-400">—</span>
        ),
    },
    {
      key: "opened",
      header: "Open Rate",
      hideBelow: "sm",
      cell: (c) => figure(c, c.figures.opened, c.figures.openRate),
    },
    {
      key: "clicked",
      header: "Click Rate",
      hideBelow: "sm",
      cell: (c) => figure(c, c.figures.clicked, c.figures.clickRate),
    },
    {
      key: "actions",
      header: "Actions",
      className: "text-right",
      cell: (c) => <RowActions campaign={c} />,
    },
  ];
  return (
    <ListPage
      title={EMAILS_TITLE}
      description={EMAILS_DESCRIPTION}
      actions={<ComposeLink />}
      summary={<EmailsSummary stats={stats} />}
      search={{
        q: query.q,
        searchLabel: "Search by name or subject",
        filters: [statusFilter(query.status, CAMPAIGN_STATUSES, (s) => CAMPAIGN_STATUS_NAMES[s])],
      }}
      list={list}
      noun="campaign"
      after={<Outlet />}
      table={{
        columns,
        rowKey: (c) => c.id,
        caption: "Email campaigns",
        empty: filtered
          ? "No campaigns match your search."
          : "No campaigns yet. Compose one, or start from a template.",
      }}
    />
  );
}

export const ErrorBoundary = AdminErrorBoundary;
