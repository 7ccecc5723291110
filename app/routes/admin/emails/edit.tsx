import { countText } from "~/lib/text";
import { href, useLocation, useNavigate } from "react-router";
import { auditActor } from "~/server/auth/actor.server";
import type { Route } from "./+types/edit";
import { ComposeCampaign } from "~/components/admin/campaign-form";
import { CampaignDetails } from "~/components/admin/campaign-details";
import { CloseButton, Modal } from "~/components/admin/modal";
import { AdminErrorBoundary } from "~/components/admin/route-error";
import type { CampaignAudience } from "~/lib/campaigns";
import { dateTexts, formatDateTime, zonedParts } from "~/lib/dates";
import { campaignForm, type CampaignInput } from "~/schemas/campaigns";
import { redirectWithToast } from "~/server/admin/flash.server";
import { config } from "~/server/config.server";
import { dispatchIntent, formReply, parseForm } from "~/server/http/form.server";
import { invariantResponse } from "~/server/http/responses.server";
import {
  CAMPAIGN_NOT_FOUND,
  saveCampaign,
  sendCampaignTest,
} from "~/server/marketing/campaign-admin.server";
import { getCampaign } from "~/server/marketing/campaign-list.server";
import { getEmailTemplate, TEMPLATE_NOT_FOUND } from "~/server/marketing/email-templates.server";
import { countAudience } from "~/server/marketing/mailing.server";
import { assertPermission, requirePermission } from "~/server/auth/admin-guard.server";

export const middleware: Route.MiddlewareFunction[] = [requirePermission("marketing")];

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.campaign?.name ?? "Compose Email Campaign"} · Emails · Admin` },
];

/** "2026-11-23T14:05": a datetime-local value for now in the store's time zone. */
function localNow(timeZone: string) {
  const p = zonedParts(new Date(), timeZone);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${p.year}-${two(p.month)}-${two(p.day)}T${two(p.hour)}:${two(p.minute)}`;
}

/**
 * Compose Email Campaign over the list: a new campaign (optionally from ?template=), a draft to
 * edit, or, for a scheduled or sent campaign, its details (only drafts are editable).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const timeZone = config().STORE_TIMEZONE;
  const base = { timeZone, minSendAt: localNow(timeZone) };
  if (params.campaignId) {
    const campaign = await getCampaign(params.campaignId);
    invariantResponse(campaign, CAMPAIGN_NOT_FOUND, { status: 404 });
    return {
      ...base,
      campaign,
      dates: dateTexts(campaign, timeZone),
      recipientCount: await countAudience(campaign.audience),
    };
  }
  const templateId = new URL(request.url).searchParams.get("template");
  const audience: CampaignAudience = { kind: "subscribers" };
  const recipientCount = await countAudience(audience);
  if (templateId === null) return { ...base, campaign: undefined, recipientCount };
  const template = await getEmailTemplate(templateId);
  invariantResponse(template, TEMPLATE_NOT_FOUND, { status: 404 });
  return {
    ...base,
    recipientCount,
    campaign: undefined,
    template: {
      name: template.name,
      subject: template.subject,
      bodyHtml: template.bodyHtml,
      audience,
    },
  };
}

/** The list's URL the composer was opened from (its search and filters), without ?template=. */
function listUrl(search: string) {
  const params = new URLSearchParams(search);
  params.delete("template");
  return `${href("/budzadmin/dashboard/emails")}${params.size ? `?${params}` : ""}`;
}

/** Save Draft, Schedule and Send Campaign save the campaign; Send Test sends a copy only. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const submission = await parseForm(request, campaignForm);
  if (!submission.ok) return submission.reply;
  const input = submission.data;
  const save = async (): Promise<
    Response | ReturnType<typeof formReply> | { testSent: string }
  > => {
    const timeZone = config().STORE_TIMEZONE;
    const result = await saveCampaign({
      id: params.campaignId,
      input,
      timeZone,
      actor: auditActor(context),
    });
    if (!result.ok)
      return formReply(result.errors, { status: result.status, form: submission.form });
    return redirectWithToast(listUrl(new URL(request.url).search), savedMessage(input, result));
  };
  return dispatchIntent(submission.form, {
    save,
    // Scheduling and sending mail the subscribers: more than writing (app/lib/permissions.ts).
    schedule: () => (assertPermission(context, "marketing.send"), save()),
    send: () => (assertPermission(context, "marketing.send"), save()),
    test: async () => {
      await sendCampaignTest(input, auditActor(context));
      return { testSent: `Test email sent to ${input.testEmail}.` };
    },
  });
}

function savedMessage(
  input: CampaignInput,
  result: { status: string; queued?: number; scheduledAt?: Date },
) {
  const name = `"${input.name}"`;
  if (result.status === "sent")
    return `Campaign ${name} is being sent to ${countText(result.queued ?? 0, "recipient")}.`;
  if (result.status === "scheduled")
    return `Campaign ${name} scheduled for ${formatDateTime(result.scheduledAt!, config().STORE_TIMEZONE)}.`;
  return `Draft ${name} saved.`;
}

export default function Compose({ loaderData, actionData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const { search } = useLocation();
  const close = () => void navigate(listUrl(search), { preventScrollReset: true });
  const { campaign, timeZone } = loaderData;
  const dates = "dates" in loaderData ? loaderData.dates : {};
  if (campaign && campaign.status !== "draft")
    return (
      <Modal
        title={campaign.name}
        description="Only drafts can be edited."
        size="xl"
        onClose={close}
        footer={<CloseButton onClick={close}>Close</CloseButton>}
      >
        <CampaignDetails campaign={campaign} dates={dates} />
      </Modal>
    );
  return (
    <ComposeCampaign
      key={campaign?.id ?? "new"}
      title={campaign ? "Edit Email Campaign" : "Compose Email Campaign"}
      campaign={campaign ?? ("template" in loaderData ? loaderData.template : undefined)}
      recipientCount={loaderData.recipientCount}
      timeZone={timeZone}
      minSendAt={loaderData.minSendAt}
      lastResult={actionData && "errors" in actionData ? actionData : undefined}
      testSent={actionData && "testSent" in actionData ? actionData.testSent : undefined}
      onClose={close}
    />
  );
}

export const ErrorBoundary = AdminErrorBoundary;
