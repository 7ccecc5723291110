import { History, RotateCcw } from "lucide-react";
import { useState } from "react";
import { Form, href, Link, useNavigate, useNavigation } from "react-router";
import { Alert } from "~/components/form/form";
import { formatDateTime, type DateTexts } from "~/lib/dates";
import { buttonClass } from "./button";
import { CloseButton, ConfirmDialog, Modal } from "./modal";
import { PagePreview } from "./page-preview";

interface RevisionRow {
  id: string;
  version: number;
  createdBy: string;
  createdAt: string | Date;
  restoredFrom: string | null;
  length: number;
}

/** A page's saved versions (who and when), newest first; each can be viewed and restored. */
export function RevisionHistory({
  slug,
  currentVersion,
  revisions,
  dates,
}: {
  slug: string;
  currentVersion: number;
  revisions: RevisionRow[];
  /** The loader's dateTexts. */
  dates: DateTexts;
}) {
  return (
    <section
      aria-labelledby="revisions-heading"
      className="rounded-xl border border-stone-200 bg-white shadow-sm"
    >
      <h2
        id="revisions-heading"
        className="flex items-center gap-2 border-b border-stone-200 px-5 py-4 font-semibold text-stone-900"
      >
        <History className="h-4 w-4 text-brand-700" aria-hidden />
        Revision history
      </h2>
      {revisions.length === 0 ? (
        <p className="px-5 py-6 text-sm text-stone-600">
          No saves yet. Each save is kept here with who made it and when.
        </p>
      ) : (
        <ol className="divide-y divide-stone-100">
          {revisions.map((r) => (
            <li key={r.id} className="flex items-center gap-3 px-5 py-3 text-sm">
              <div className="min-w-0 flex-1">
                <p className="font-medium text-stone-900">
                  Version {r.version}
                  {r.version === currentVersion ? (
                    <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800">
                      Current
                    </span>
                  ) : null}
                </p>
                <p className="truncate text-xs text-stone-600">
                  {formatDateTime(r.createdAt, dates)} · {r.createdBy}
                  {r.restoredFrom ? " · restored an earlier version" : ""}
                </p>
              </div>
              <Link
                to={`${href("/budzadmin/dashboard/pages")}?page=${slug}&revision=${r.id}`}
                preventScrollReset
                className={buttonClass("secondary", "sm")}
                aria-label={`View version ${r.version}`}
              >
                View
              </Link>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** One revision in a dialog: its preview and HTML, and Restore (which saves it as a new version). */
export function RevisionDialog({
  slug,
  name,
  title,
  revision,
  currentVersion,
  dates,
  error,
}: {
  slug: string;
  name: string;
  title: string;
  revision: {
    id: string;
    version: number;
    content: string;
    createdBy: string;
    createdAt: string | Date;
  };
  currentVersion: number;
  /** The loader's dateTexts. */
  dates: DateTexts;
  /** Why the last restore was refused (someone saved in the meantime). */
  error?: string;
}) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [view, setView] = useState<"preview" | "code">("preview");
  const close = () =>
    void navigate(`${href("/budzadmin/dashboard/pages")}?page=${slug}`, {
      preventScrollReset: true,
      replace: true,
    });
  const restoring = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <Modal
      title={`${name}: version ${revision.version}`}
      description={`${formatDateTime(revision.createdAt, dates)} · ${revision.createdBy}`}
      onClose={close}
      size="xl"
      footer={
        <>
          <CloseButton onClick={close}>Close</CloseButton>
          {revision.version === currentVersion ? null : (
            <Form method="post" id="restore-revision" preventScrollReset>
              <input type="hidden" name="intent" value="restore" />
              <input type="hidden" name="revisionId" value={revision.id} />
              <input type="hidden" name="version" value={currentVersion} />
              <ConfirmDialog
                trigger={
                  <button type="button" className={buttonClass("primary")} disabled={restoring}>
                    <RotateCcw className="h-4 w-4" aria-hidden />
                    Restore this version
                  </button>
                }
                tone="primary"
                title="Restore this version?"
                message={`The page's content becomes version ${revision.version} again, saved as a new version (nothing in the history is lost). Unsaved changes in the editor are discarded.`}
                confirmLabel="Restore"
                onConfirm={() =>
                  (document.getElementById("restore-revision") as HTMLFormElement).requestSubmit()
                }
              />
            </Form>
          )}
        </>
      }
    >
      <Alert message={error} />
      <div role="group" aria-label="Revision view" className="mb-3 inline-flex gap-2">
        <button
          type="button"
          aria-pressed={view === "preview"}
          className={buttonClass(view === "preview" ? "primary" : "secondary", "sm")}
          onClick={() => setView("preview")}
        >
          Preview
        </button>
        <button
          type="button"
          aria-pressed={view === "code"}
          className={buttonClass(view === "code" ? "primary" : "secondary", "sm")}
          onClick={() => setView("code")}
        >
          HTML
        </button>
      </div>
      {view === "preview" ? (
        <PagePreview
          slug={slug}
          title={title}
          html={revision.content}
          width="desktop"
          label={`Preview of ${name}, version ${revision.version}`}
        />
      ) : (
        <pre className="max-h-[28rem] overflow-auto rounded-lg bg-stone-900 p-4 font-mono text-xs leading-5 whitespace-pre-wrap text-stone-100">
          {revision.content}
        </pre>
      )}
    </Modal>
  );
}
