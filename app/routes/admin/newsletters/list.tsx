import {
  BarChart3,
  Download,
  FlaskConical,
  Mail,
  Send,
  TriangleAlert,
  Users,
  XCircle,
} from "lucide-react";
import { auditActor } from "~/server/auth/actor.server";
import { useEffect, useState } from "react";
import { data, href, useFetcher, useRevalidator } from "react-router";
import type { Route } from "./+types/list";
import { buttonClass } from "~/components/admin/button";
import { PageHeader } from "~/components/admin/page";
import { ConfirmDialog } from "~/components/admin/modal";
import { NEWSLETTER_FORM_ID, NewsletterCompose } from "~/components/admin/newsletter-compose";
import { EmailLog, NewsletterProgress } from "~/components/admin/newsletter-log";
import { NewsletterTestDialog } from "~/components/admin/newsletter-test-dialog";
import { AdminErrorBoundary } from "~/components/admin/route-error";
import { StatCard, StatGrid } from "~/components/admin/stat-card";
import { SubscriberTable } from "~/components/admin/subscriber-table";
import { withDateTexts } from "~/lib/dates";
import { newsletterTemplates } from "~/lib/newsletter-templates";
import { listUsableCoupons } from "~/server/marketing/coupons.server";
import { countText, formatCount, nounFor } from "~/lib/text";
import { parseListQuery } from "~/schemas/admin-list";
import type { FormReply } from "~/lib/form";
import {
  NEWSLETTER_INTENTS,
  newsletterForm,
  newsletterTestForm,
  SubscriberListQuerySchema,
  subscriberRemoveForm,
} from "~/schemas/newsletters";
import { flashHeader } from "~/server/admin/flash.server";
import { config } from "~/server/config.server";
import { emailSender, senderText } from "~/server/email/sender.server";
import { storeSettings } from "~/server/settings/store-settings.server";
import {
  dispatchIntent,
  formReply,
  INVALID_ACTION,
  parseForm,
  readForm,
} from "~/server/http/form.server";
import {
  getLatestNewsletterProgress,
  getLatestNewsletterTest,
  getNewsletterStats,
  listNewsletterLog,
  removeSubscriber,
  sendNewsletter,
  sendNewsletterTest,
} from "~/server/marketing/newsletter-admin.server";
import { listSubscribers } from "~/server/marketing/subscriber-list.server";
import {
  assertPermission,
  currentAdmin,
  requirePermission,
} from "~/server/auth/admin-guard.server";
import { can } from "~/lib/permissions";

export const middleware: Route.MiddlewareFunction[] = [requirePermission("customers")];

export const meta: Route.MetaFunction = () => [{ title: "Newsletters · Admin" }];

/** How often the screen re-reads its figures while the worker is sending. */
const LIVE_REFRESH_MS = 2000;

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = currentAdmin(context);
  const query = parseListQuery(request.url, SubscriberListQuerySchema);
  const [stats, log, progress, latestTest, subscribers] = await Promise.all([
    getNewsletterStats(),
    listNewsletterLog(),
    getLatestNewsletterProgress(),
    getLatestNewsletterTest(),
    listSubscribers(query),
  ]);
  // The Quick Templates name a coupon only when checkout would take it today.
  const usableCoupons = await listUsableCoupons();
  const c = config();
  const settings = await storeSettings();
  const { store } = settings;
  return withDateTexts(
    {
      query,
      stats,
      log,
      progress,
      latestTest,
      subscribers,
      from: senderText(emailSender(settings)),
      storeName: store.name,
      // The Send Test dialog starts with the store's contact address, when one is set.
      testAddress: store.email ?? "",
      publicUrl: c.publicUrl,
      usableCoupons,
      smtpConfigured: Boolean(c.SMTP_URL),
      canExportConsent: can(admin.role, "customers.transfer"),
      canSend: can(admin.role, "marketing.send"),
    },
    c.STORE_TIMEZONE,
  );
}

type Done =
  | { intent: "send"; ok: true; mailingId: string }
  | { intent: "test"; ok: true; testId: string; to: string }
  | { intent: "remove"; ok: true };
/** What a fetcher of the screen gets back: done (with a toast), or the form's messages. */
type ActionResult = Done | FormReply;

const done = async (result: Done, message: string, type: "success" | "error" = "success") =>
  data<ActionResult>(result, { headers: { "Set-Cookie": await flashHeader(message, type) } });

/** Send, Send Test and Remove post here; sending queues in one transaction and returns at once. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const actor = auditActor(context);
  // An unknown button is answered (not thrown) like the form's other refusals.
  if (!NEWSLETTER_INTENTS.some((intent) => intent === form.get("intent")))
    return formReply({ form: INVALID_ACTION });
  return dispatchIntent(form, {
    send: async () => {
      assertPermission(context, "marketing.send");
      const submission = await parseForm(form, newsletterForm);
      if (!submission.ok) return submission.reply;
      const sent = await sendNewsletter({ ...submission.data, actor });
      if (!sent.ok) return formReply({ form: sent.message }, { form });
      return done(
        { intent: "send", ok: true, mailingId: sent.mailingId },
        `Newsletter queued: sending to ${countText(sent.queued, "subscriber")}.`,
      );
    },
    test: async () => {
      assertPermission(context, "marketing.send");
      const submission = await parseForm(form, newsletterTestForm);
      if (!submission.ok) return submission.reply;
      const { subject, body, testEmail } = submission.data;
      const queued = await sendNewsletterTest({ subject, body, to: testEmail, actor });
      return done(
        { intent: "test", ok: true, testId: queued.id, to: testEmail },
        `Test email queued for ${testEmail}.`,
      );
    },
    remove: async () => {
      const submission = await parseForm(form, subscriberRemoveForm);
      if (!submission.ok)
        return formReply({ form: "This subscriber does not exist." }, { status: 404 });
      const removed = await removeSubscriber(submission.data.id, actor);
      if (!removed.ok) return done({ intent: "remove", ok: true }, removed.message, "error");
      return done(
        { intent: "remove", ok: true },
        `${removed.email} was removed from the newsletter.`,
      );
    },
  });
}

/** Re-reads the screen while the worker is sending, so the log and the cards follow it. */
function useLiveRefresh(live: boolean) {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    if (!live || state !== "idle") return;
    const timer = setTimeout(() => void revalidate(), LIVE_REFRESH_MS);
    return () => clearTimeout(timer);
  }, [live, state, revalidate]);
}

function testOutcome(
  watched: string | undefined,
  latest: { id: string; status: string; lastError: string | null; kept: boolean } | null,
) {
  if (!watched || latest?.id !== watched) return null;
  if (latest.status === "sent") return { ok: true, message: "Test email sent successfully!" };
  if (latest.status === "failed" || latest.status === "bounced")
    return {
      ok: false,
      message: `Test email failed: ${latest.lastError ?? "Unknown error occurred"}`,
    };
  if (latest.kept)
    return { ok: false, message: "Test email kept in the outbox: SMTP_URL is not configured." };
  return { ok: true, message: "Sending test email…" };
}

export default function Newsletters({ loaderData }: Route.ComponentProps) {
  const { stats, log, progress, latestTest, subscribers, query, dates } = loaderData;
  const [draft, setDraft] = useState({ subject: "", body: "" });
  const [testOpen, setTestOpen] = useState(false);
  const send = useFetcher<ActionResult>({ key: "newsletter-send" });
  const test = useFetcher<ActionResult>({ key: "newsletter-test" });
  const remove = useFetcher<ActionResult>({ key: "newsletter-remove" });
  useLiveRefresh(stats.inProgress > 0);

  // After a send is queued the form is cleared; after a test is queued the modal closes.
  const [handled, setHandled] = useState<object>();
  if (send.data && send.data !== handled && send.state === "idle") {
    setHandled(send.data);
    if ("ok" in send.data) setDraft({ subject: "", body: "" });
  }
  const [handledTest, setHandledTest] = useState<object>();
  const [watchedTest, setWatchedTest] = useState<string>();
  if (test.data && test.data !== handledTest && test.state === "idle") {
    setHandledTest(test.data);
    if ("testId" in test.data) {
      setWatchedTest(test.data.testId);
      setTestOpen(false);
    }
  }

  const sending = send.state !== "idle";
  const filled = draft.subject.trim() !== "" && draft.body.trim() !== "";
  const sendReply = send.data && "errors" in send.data ? send.data : undefined;
  const testReply = test.data && "errors" in test.data ? test.data : undefined;
  const outcome = testOutcome(watchedTest, latestTest);
  const templates = newsletterTemplates(
    loaderData.storeName,
    loaderData.publicUrl,
    loaderData.usableCoupons,
  );

  return (
    <>
      <PageHeader
        title="Newsletter Management"
        description="Write a newsletter and send it to everyone who subscribed."
        actions={
          <>
            {loaderData.canExportConsent ? (
              <a
                href={href("/budzadmin/dashboard/newsletters/consent-records.csv")}
                download
                className={buttonClass("secondary")}
              >
                <Download className="h-4 w-4" aria-hidden />
                Export consent records
              </a>
            ) : null}
            <button
              type="button"
              className={buttonClass("secondary")}
              disabled={!filled || sending || test.state !== "idle"}
              onClick={() => setTestOpen(true)}
            >
              <FlaskConical className="h-4 w-4" aria-hidden />
              Send Test
            </button>
            <ConfirmDialog
              title={`Send newsletter to ${countText(stats.subscribers, "customer")}?`}
              message="Each subscriber gets one email with a one-click unsubscribe link. Sending starts at once and cannot be stopped."
              confirmLabel="Send Newsletter"
              tone="primary"
              onConfirm={() =>
                document.querySelector<HTMLFormElement>(`#${NEWSLETTER_FORM_ID}`)?.requestSubmit()
              }
              trigger={
                <button
                  type="button"
                  className={buttonClass("primary")}
                  disabled={!filled || sending || stats.subscribers === 0}
                >
                  <Send className="h-4 w-4" aria-hidden />
                  {sending ? "Sending..." : "Send Newsletter"}
                </button>
              }
            />
          </>
        }
      />
      {outcome ? (
        <p
          role="status"
          className={`mb-4 rounded-lg border px-4 py-2 text-sm font-medium ${outcome.ok ? "border-brand-200 bg-brand-50 text-brand-900" : "border-red-200 bg-red-50 text-red-800"}`}
        >
          {outcome.message}
        </p>
      ) : null}
      {loaderData.smtpConfigured ? null : (
        <p className="mb-4 flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          SMTP_URL is not set: newsletters are queued and kept in the outbox (as .eml files) until
          the store starts with an SMTP server.
        </p>
      )}
      <StatGrid>
        <StatCard
          label="Total Subscribers"
          value={formatCount(stats.subscribers)}
          hint={`${formatCount(stats.activeCustomers)} active ${nounFor(stats.activeCustomers, "customer")}`}
          icon={Users}
        />
        <StatCard
          label="Emails Sent"
          value={formatCount(stats.sent)}
          hint={
            stats.inProgress > 0
              ? `${formatCount(stats.inProgress)} still sending`
              : "Newsletters and tests"
          }
          icon={Mail}
        />
        <StatCard
          label="Failed/Bounced"
          value={formatCount(stats.failedOrBounced)}
          hint="Refused by the mail server or undeliverable"
          icon={XCircle}
        />
        <StatCard
          label="Success Rate"
          value={`${stats.successRate}%`}
          hint={`Sent ÷ all ${formatCount(stats.logged)} logged`}
          icon={BarChart3}
        />
      </StatGrid>
      <div className="mb-6 grid gap-6 lg:grid-cols-5">
        <div className="min-w-0 lg:col-span-3">
          {loaderData.canSend ? (
            <NewsletterCompose
              templates={templates}
              from={loaderData.from}
              subject={draft.subject}
              body={draft.body}
              onChange={(next) => setDraft((d) => ({ ...d, ...next }))}
              fetcher={send}
              lastResult={sendReply}
              recipients={stats.subscribers}
              activeCustomers={stats.activeCustomers}
            />
          ) : (
            <p className="rounded-xl border border-stone-200 bg-white p-5 text-sm text-stone-600 shadow-sm">
              Only owners and managers can send newsletters. You can see the subscribers and the
              email log.
            </p>
          )}
        </div>
        <div className="min-w-0 space-y-6 lg:col-span-2">
          {progress ? <NewsletterProgress progress={progress} dates={dates} /> : null}
          <EmailLog entries={log} total={stats.logged} dates={dates} />
        </div>
      </div>
      <SubscriberTable
        query={query}
        list={subscribers}
        dates={dates}
        onRemove={(s) => void remove.submit({ intent: "remove", id: s.id }, { method: "post" })}
      />
      {testOpen ? (
        <NewsletterTestDialog
          subject={draft.subject}
          body={draft.body}
          defaultAddress={loaderData.testAddress}
          fetcher={test}
          lastResult={testReply}
          onClose={() => setTestOpen(false)}
        />
      ) : null}
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
