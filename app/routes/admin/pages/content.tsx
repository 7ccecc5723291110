import { readFormValues } from "~/server/http/form.server";
import { data, useFetcher, useNavigate } from "react-router";
import type { Route } from "./+types/content";
import { inputClass } from "~/components/admin/field";
import { PageEditor, type SaveData } from "~/components/admin/page-editor";
import { RevisionDialog, RevisionHistory } from "~/components/admin/page-revisions";
import { AdminErrorBoundary } from "~/components/admin/route-error";
import { withDateTexts } from "~/lib/dates";
import { isUuid } from "~/lib/ids";
import { EDITABLE_PAGES, PAGES_PATH } from "~/lib/page-editor";
import { PageEditorActionSchema, PageSlugSchema } from "~/schemas/content";
import { redirectWithToast } from "~/server/admin/flash.server";
import { config } from "~/server/config.server";
import {
  getEditablePage,
  getPageRevision,
  listPageRevisions,
  restorePageRevision,
  savePageContent,
} from "~/server/content/page-editor.server";
import { sanitizePageHtml } from "~/server/content/pages.server";
import { currentAdmin } from "~/server/auth/admin-guard.server";

/** `?page=` (Home by default); anything but the five pages is a clear 404. */
function pageFromUrl(url: URL) {
  const parsed = PageSlugSchema.safeParse(url.searchParams.get("page") ?? "home");
  if (!parsed.success) throw data({ message: parsed.error.issues[0]!.message }, { status: 404 });
  return parsed.data;
}

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const slug = pageFromUrl(url);
  const page = await getEditablePage(slug);
  if (!page) throw data({ message: "This page has not been created yet." }, { status: 404 });
  const revisionId = url.searchParams.get("revision");
  const revision =
    revisionId && isUuid(revisionId) ? await getPageRevision(page.id, revisionId) : undefined;
  if (revisionId && !revision)
    throw data({ message: "That revision does not exist for this page." }, { status: 404 });
  return withDateTexts(
    { page, revisions: await listPageRevisions(page.id), revision },
    config().STORE_TIMEZONE,
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = currentAdmin(context);
  const slug = pageFromUrl(new URL(request.url));
  const parsed = PageEditorActionSchema.safeParse(await readFormValues(request));
  if (!parsed.success)
    return data({ ok: false as const, message: parsed.error.issues[0]!.message }, { status: 400 });
  const input = parsed.data;
  if (input.intent === "preview") return { preview: sanitizePageHtml(input.content) };
  if (input.intent === "save") {
    const result = await savePageContent({
      slug,
      content: input.content,
      baseVersion: input.version,
      actor: admin.displayName,
    });
    return data(result, { status: result.ok ? 200 : result.status });
  }
  const result = await restorePageRevision({
    slug,
    revisionId: input.revisionId,
    baseVersion: input.version,
    actor: admin.displayName,
  });
  if (!result.ok) return data(result, { status: result.status });
  return redirectWithToast(
    `${PAGES_PATH}?page=${slug}`,
    `Restored: version ${result.version} of the page is live.`,
  );
}

export default function PageContent({ loaderData, actionData }: Route.ComponentProps) {
  const { page, revisions, revision, dates } = loaderData;
  const navigate = useNavigate();
  const save = useFetcher<SaveData>({ key: `page-save-${page.slug}` });
  const restoreError =
    actionData && "ok" in actionData && !actionData.ok ? actionData.message : undefined;
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
            onChange={(event) => void navigate(`${PAGES_PATH}?page=${event.target.value}`)}
            className={inputClass}
          >
            {EDITABLE_PAGES.map((p) => (
              <option key={p.slug} value={p.slug}>
                {p.name} ({p.path})
              </option>
            ))}
          </select>
        </div>
        {restoreError ? (
          <p
            role="alert"
            className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
          >
            {restoreError}
          </p>
        ) : null}
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
        />
      ) : null}
    </div>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
