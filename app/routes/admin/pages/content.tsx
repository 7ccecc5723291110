import { href, useFetcher, useNavigate } from "react-router";
import { auditActor } from "~/server/auth/actor.server";
import type { Route } from "./+types/content";
import { inputClass } from "~/components/admin/field";
import { Alert } from "~/components/form/form";
import { PageEditor, type SaveData } from "~/components/admin/page-editor";
import { RevisionDialog, RevisionHistory } from "~/components/admin/page-revisions";
import { AdminErrorBoundary } from "~/components/admin/route-error";
import { withDateTexts } from "~/lib/dates";
import { isUuid } from "~/lib/ids";
import { EDITABLE_PAGES } from "~/lib/page-editor";
import { pagePreviewForm, pageRestoreForm, pageSaveForm, PageSlugSchema } from "~/schemas/content";
import { redirectWithToast } from "~/server/admin/flash.server";
import { config } from "~/server/config.server";
import {
  getEditablePage,
  getPageRevision,
  listPageRevisions,
  restorePageRevision,
  savePageContent,
  type SaveResult,
} from "~/server/content/page-editor.server";
import { sanitizePageHtml } from "~/server/content/pages.server";
import { requirePermission } from "~/server/auth/admin-guard.server";
import { dispatchIntent, formReply, parseForm, readForm } from "~/server/http/form.server";
import { invariantResponse } from "~/server/http/responses.server";

export const middleware: Route.MiddlewareFunction[] = [requirePermission("pages")];

/** `?page=` (Home by default); anything but the five pages is a clear 404. */
function pageFromUrl(url: URL) {
  const parsed = PageSlugSchema.safeParse(url.searchParams.get("page") ?? "home");
  invariantResponse(parsed.success, parsed.error?.issues[0]?.message ?? "Unknown page.", {
    status: 404,
  });
  return parsed.data;
}

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const slug = pageFromUrl(url);
  const page = await getEditablePage(slug);
  invariantResponse(page, "This page has not been created yet.", { status: 404 });
  const revisionId = url.searchParams.get("revision");
  const revision =
    revisionId && isUuid(revisionId) ? await getPageRevision(page.id, revisionId) : undefined;
  invariantResponse(!revisionId || revision, "That revision does not exist for this page.", {
    status: 404,
  });
  return withDateTexts(
    { page, revisions: await listPageRevisions(page.id), revision },
    config().STORE_TIMEZONE,
  );
}

type PageActionResult =
  ReturnType<typeof formReply> | { preview: string } | Extract<SaveResult, { ok: true }> | Response;

/** The editor's buttons: Save (the draft), Preview (sanitised as the store would) and Restore. */
export async function action({ request, context }: Route.ActionArgs) {
  const actor = auditActor(context);
  const slug = pageFromUrl(new URL(request.url));
  const form = await readForm(request);
  return dispatchIntent<Promise<PageActionResult>>(form, {
    preview: async () => {
      const submission = await parseForm(form, pagePreviewForm);
      if (!submission.ok) return submission.reply;
      return { preview: sanitizePageHtml(submission.data.content) };
    },
    save: async () => {
      const submission = await parseForm(form, pageSaveForm);
      if (!submission.ok) return submission.reply;
      const { content, titleFr, descriptionFr, contentFr, version } = submission.data;
      // The editor posts the French page with the English; a post without it keeps the French.
      const french =
        titleFr === undefined || descriptionFr === undefined || contentFr === undefined
          ? undefined
          : { title: titleFr, description: descriptionFr, content: contentFr };
      const result = await savePageContent({
        slug,
        content,
        french,
        baseVersion: version,
        actor,
      });
      return result.ok ? result : formReply({ form: result.message }, { status: result.status });
    },
    restore: async () => {
      const submission = await parseForm(form, pageRestoreForm);
      if (!submission.ok) return submission.reply;
      const { revisionId, version } = submission.data;
      const result = await restorePageRevision({ slug, revisionId, baseVersion: version, actor });
      if (!result.ok) return formReply({ form: result.message }, { status: result.status });
      return redirectWithToast(
        `${href("/budzadmin/dashboard/pages")}?page=${slug}`,
        `Restored: version ${result.version} of the page is live.`,
      );
    },
  });
}

export default function PageContent({ loaderData, actionData }: Route.ComponentProps) {
  const { page, revisions, revision, dates } = loaderData;
  const navigate = useNavigate();
  const save = useFetcher<SaveData>({ key: `page-save-${page.slug}` });
  // A refused restore (posted by the revision dialog's form) comes back as its form's message.
  const restoreError =
    actionData && "errors" in actionData
      ? (actionData.errors.form ?? Object.values(actionData.errors)[0])
      : undefined;
  return (
    <div className="grid gap-6 xl:grid-cols-[1fr_20rem]">
      <div className="min-w-0 space-y-4">
        <div className="max-w-sm">
          <label htmlFor="page-select" className="mb-1.5 block text-sm font-medium text-stone-700">
            Page
          </label>
          <select
            id="page-select"
            value={page.slug}
            onChange={(event) =>
              void navigate(`${href("/budzadmin/dashboard/pages")}?page=${event.target.value}`)
            }
            className={inputClass}
          >
            {EDITABLE_PAGES.map((p) => (
              <option key={p.slug} value={p.slug}>
                {p.name} ({p.path})
              </option>
            ))}
          </select>
        </div>
        {revision ? null : <Alert message={restoreError} className="mb-0" />}
        <PageEditor key={`${page.slug}:${page.version}`} page={page} dates={dates} save={save} />
      </div>
      <RevisionHistory
        slug={page.slug}
        currentVersion={page.version}
        revisions={revisions}
        dates={dates}
      />
      {revision ? (
        <RevisionDialog
          slug={page.slug}
          name={page.name}
          title={page.title}
          revision={revision}
          currentVersion={page.version}
          dates={dates}
          error={restoreError}
        />
      ) : null}
    </div>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
