import { countText } from "~/lib/text";
import { Code2, Eye, Save, Undo2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Field, FormProvider, FormSummary, useForm } from "~/components/form/form";
import { formatDateTime, type DateTexts } from "~/lib/dates";
import type { FormReply } from "~/lib/form";
import { localizePath } from "~/lib/i18n/locale";
import { MAX_PAGE_DESCRIPTION, MAX_PAGE_TITLE, UNDO_CONFIRMATION } from "~/lib/page-editor";
import { buttonClass } from "./button";
import { inputClass } from "./field";
import { LeaveGuard } from "./leave-guard";
import { ConfirmDialog } from "./modal";
import { PagePreview, PREVIEW_WIDTHS, type PreviewWidth } from "./page-preview";
import { SaveStatus, useSaveState } from "./save-status";
import { STORE_FIELDS_HINT } from "~/lib/store-settings";

interface EditorPage {
  slug: string;
  name: string;
  path: string;
  title: string;
  description: string;
  content: string;
  /** The French page: "" where not translated (the French store shows the English). */
  titleFr: string;
  descriptionFr: string;
  contentFr: string;
  version: number;
  updatedAt: string | Date;
  updatedBy: string | null;
}

/** The fields the editor posts: the English HTML and the French page. */
interface Drafts {
  content: string;
  titleFr: string;
  descriptionFr: string;
  contentFr: string;
}
type Language = "en" | "fr";
const LANGUAGES: Record<Language, string> = { en: "English", fr: "French" };

/** The save's answer: what was stored, or the form's refusal (a stale version, too long…). */
export type SaveData = { ok: true; content: string; version: number; cleaned: boolean } | FormReply;

const toggleClass = (on: boolean) =>
  `inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium transition ${
    on ? "bg-white text-stone-900 shadow-sm" : "text-stone-600 hover:text-stone-900"
  }`;

/** Sanitised HTML for the preview, asked of the server (the store's own sanitiser) as you type. */
function usePreviewHtml(content: string, saved: string, active: boolean) {
  const preview = useFetcher<{ preview: string }>({ key: "page-preview" });
  const { submit } = preview;
  useEffect(() => {
    if (!active || content === saved) return;
    const timer = setTimeout(
      () => void submit({ intent: "preview", content }, { method: "post" }),
      250,
    );
    return () => clearTimeout(timer);
  }, [active, content, saved, submit]);
  return content === saved ? saved : (preview.data?.preview ?? saved);
}

/** A page's HTML as typed, with its message, what the sanitiser does and its size. */
function HtmlField({
  id,
  name,
  label,
  value,
  onChange,
  error,
  textarea,
  lang,
}: {
  id: string;
  name: keyof Drafts;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  textarea?: React.Ref<HTMLTextAreaElement>;
  lang?: string;
}) {
  const lines = value === "" ? 0 : value.split("\n").length;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-stone-700">
        {label}
      </label>
      <textarea
        id={id}
        ref={textarea}
        lang={lang}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        name={name}
        spellCheck={false}
        rows={18}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${error ? `${id}-error ` : ""}${id}-count ${id}-hint`}
        className={`${inputClass} font-mono text-[13px] leading-5`}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-xs font-medium text-red-600">
          {error}
        </p>
      ) : null}
      <div className="mt-1 flex flex-wrap justify-between gap-2 text-xs text-stone-500">
        <p id={`${id}-hint`}>
          Scripts, event handlers (onclick…) and javascript: links are removed when saved.
        </p>
        <p id={`${id}-count`} className="tabular-nums">
          {countText(lines, "line")} · {value.length.toLocaleString("en-CA")} characters
        </p>
      </div>
    </div>
  );
}

/**
 * The editor of one page: a form whose Save button posts `intent=save` with the draft and the
 * version it started from. It is keyed by the page's version, so a save (or a restore) starts it
 * again from what was stored; the save fetcher comes from the route, so its result outlives that.
 */
export function PageEditor({
  page,
  dates,
  save,
}: {
  page: EditorPage;
  /** The loader's dateTexts. */
  dates: DateTexts;
  save: ReturnType<typeof useFetcher<SaveData>>;
}) {
  const saved: Drafts = {
    content: page.content,
    titleFr: page.titleFr,
    descriptionFr: page.descriptionFr,
    contentFr: page.contentFr,
  };
  const [drafts, setDrafts] = useState<Drafts>(saved);
  const [language, setLanguage] = useState<Language>("en");
  const [view, setView] = useState<"code" | "preview">("code");
  const [width, setWidth] = useState<PreviewWidth>("desktop");
  const status = useSaveState(save);
  const dirty = (Object.keys(saved) as (keyof Drafts)[]).some((key) => drafts[key] !== saved[key]);
  const saving = status === "saving";
  const french = language === "fr";
  // The French store shows the English HTML where no French is written: so does the preview.
  const previewHtml = usePreviewHtml(
    french ? drafts.contentFr || drafts.content : drafts.content,
    french ? page.contentFr || page.content : page.content,
    view === "preview",
  );
  const textarea = useRef<HTMLTextAreaElement>(null);
  const result = save.data && "ok" in save.data ? save.data : undefined;
  const form = useForm({
    lastResult: save.data && "errors" in save.data ? save.data : undefined,
  });
  const set = (key: keyof Drafts) => (value: string) =>
    setDrafts((current) => ({ ...current, [key]: value }));
  // What the visible controls do not post goes as hidden fields: every save sends both languages.
  const shown = new Set<keyof Drafts>(
    french
      ? ["titleFr", "descriptionFr", ...(view === "code" ? (["contentFr"] as const) : [])]
      : view === "code"
        ? ["content"]
        : [],
  );
  const frenchPath = localizePath(page.path, "fr");

  return (
    <section
      aria-labelledby="page-content-heading"
      className="rounded-xl border border-stone-200 bg-white shadow-sm"
    >
      <LeaveGuard
        dirty={dirty}
        message={`${page.name} has unsaved changes. If you leave now they are lost.`}
        isSameScreen={(current, next) =>
          current.pathname === next.pathname &&
          new URLSearchParams(current.search).get("page") ===
            new URLSearchParams(next.search).get("page")
        }
      />
      <save.Form method="post" {...form.props}>
        <FormProvider form={form}>
          <input type="hidden" name="version" value={page.version} />
          {(Object.keys(drafts) as (keyof Drafts)[])
            .filter((key) => !shown.has(key))
            .map((key) => (
              <input key={key} type="hidden" name={key} value={drafts[key]} />
            ))}
          <header className="flex flex-wrap items-center justify-between gap-3 border-b border-stone-200 px-5 py-4">
            <div>
              <h2 id="page-content-heading" className="font-semibold text-stone-900">
                {page.name}{" "}
                <span className="font-normal text-stone-500">
                  (
                  <a
                    href={page.path}
                    target="_blank"
                    rel="noreferrer"
                    className="text-brand-700 underline hover:text-brand-900"
                  >
                    {page.path}
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                  )
                </span>
              </h2>
              <p className="mt-0.5 text-sm" aria-live="polite">
                {dirty ? (
                  <span className="font-medium text-amber-700">Unsaved changes</span>
                ) : (
                  <span className="text-stone-600">
                    Last modified {formatDateTime(page.updatedAt, dates)}
                    {page.updatedBy ? ` by ${page.updatedBy}` : ""}
                  </span>
                )}
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              <div
                role="group"
                aria-label="Language"
                className="inline-flex rounded-lg bg-stone-100 p-1"
              >
                {(Object.keys(LANGUAGES) as Language[]).map((key) => (
                  <button
                    key={key}
                    type="button"
                    aria-pressed={language === key}
                    className={toggleClass(language === key)}
                    onClick={() => setLanguage(key)}
                  >
                    {LANGUAGES[key]}
                  </button>
                ))}
              </div>
              <div
                role="group"
                aria-label="Editor view"
                className="inline-flex rounded-lg bg-stone-100 p-1"
              >
                <button
                  type="button"
                  aria-pressed={view === "code"}
                  className={toggleClass(view === "code")}
                  onClick={() => setView("code")}
                >
                  <Code2 className="h-4 w-4" aria-hidden />
                  Code
                </button>
                <button
                  type="button"
                  aria-pressed={view === "preview"}
                  className={toggleClass(view === "preview")}
                  onClick={() => setView("preview")}
                >
                  <Eye className="h-4 w-4" aria-hidden />
                  Preview
                </button>
              </div>
            </div>
          </header>

          <div className="space-y-4 px-5 py-5">
            {french ? (
              <>
                <p className="rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-900">
                  The French page, shown at{" "}
                  <a
                    href={frenchPath}
                    target="_blank"
                    rel="noreferrer"
                    className="font-medium underline"
                  >
                    {frenchPath}
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                  . A field left empty shows the English there. It is saved with the English; the
                  revision history keeps the English HTML only.
                </p>
                <Field
                  name="titleFr"
                  label="Page title (French)"
                  hint={`Empty: the English title (${page.title}).`}
                >
                  {(props) => (
                    <input
                      {...props}
                      lang="fr"
                      value={drafts.titleFr}
                      onChange={(event) => set("titleFr")(event.target.value)}
                      maxLength={MAX_PAGE_TITLE}
                      placeholder={page.title}
                      className={inputClass}
                    />
                  )}
                </Field>
                <Field
                  name="descriptionFr"
                  label="Description (French)"
                  hint="The summary search engines show. Empty: the English description."
                >
                  {(props) => (
                    <textarea
                      {...props}
                      lang="fr"
                      rows={2}
                      value={drafts.descriptionFr}
                      onChange={(event) => set("descriptionFr")(event.target.value)}
                      maxLength={MAX_PAGE_DESCRIPTION}
                      placeholder={page.description}
                      className={inputClass}
                    />
                  )}
                </Field>
              </>
            ) : (
              <div>
                <label
                  htmlFor="page-title"
                  className="mb-1.5 block text-sm font-medium text-stone-700"
                >
                  Page title
                </label>
                <input
                  id="page-title"
                  value={page.title}
                  readOnly
                  aria-describedby="page-title-hint"
                  className={`${inputClass} bg-stone-50`}
                />
                <p id="page-title-hint" className="mt-1 text-xs text-stone-500">
                  {page.slug === "home"
                    ? "Home edits the introduction block at the top of the home page (the heading and text over the green banner); the announcement bar, buttons and featured products are not part of it."
                    : "The title is fixed; the page's HTML below is shown under it."}{" "}
                  {STORE_FIELDS_HINT}
                </p>
              </div>
            )}

            {view === "code" ? (
              french ? (
                <HtmlField
                  key="fr"
                  id="page-html-fr"
                  name="contentFr"
                  label="Page HTML (French)"
                  lang="fr"
                  value={drafts.contentFr}
                  onChange={set("contentFr")}
                  error={form.errors.contentFr}
                  textarea={textarea}
                />
              ) : (
                <HtmlField
                  key="en"
                  id="page-html"
                  name="content"
                  label="Page HTML"
                  value={drafts.content}
                  onChange={set("content")}
                  error={form.errors.content}
                  textarea={textarea}
                />
              )
            ) : (
              <div>
                <div
                  role="group"
                  aria-label="Preview width"
                  className="mb-3 inline-flex rounded-lg bg-stone-100 p-1"
                >
                  {(Object.keys(PREVIEW_WIDTHS) as PreviewWidth[]).map((key) => (
                    <button
                      key={key}
                      type="button"
                      aria-pressed={width === key}
                      className={toggleClass(width === key)}
                      onClick={() => setWidth(key)}
                    >
                      {PREVIEW_WIDTHS[key].label}
                    </button>
                  ))}
                </div>
                <PagePreview
                  slug={page.slug}
                  title={french ? drafts.titleFr.trim() || page.title : page.title}
                  html={previewHtml}
                  width={width}
                  lang={french ? "fr-CA" : "en-CA"}
                  label={`Preview of ${page.name}${french ? " in French" : ""} at ${PREVIEW_WIDTHS[width].label.toLowerCase()} width`}
                />
              </div>
            )}

            <FormSummary className="mb-0" />
            {result?.cleaned && !dirty ? (
              <p className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
                Some markup was removed when saving (scripts, event handlers, unsafe links or
                unsupported tags). The editor now shows what was saved.
              </p>
            ) : null}
          </div>

          <footer className="flex flex-wrap items-center justify-end gap-3 border-t border-stone-200 bg-stone-50 px-5 py-3 sm:rounded-b-xl">
            <SaveStatus state={status} />
            <ConfirmDialog
              trigger={
                <button
                  type="button"
                  disabled={!dirty || saving}
                  className={buttonClass("secondary")}
                >
                  <Undo2 className="h-4 w-4" aria-hidden />
                  Undo
                </button>
              }
              title="Undo all changes?"
              message={UNDO_CONFIRMATION}
              confirmLabel="Undo changes"
              onConfirm={() => {
                setDrafts(saved);
                textarea.current?.focus();
              }}
            />
            <button
              type="submit"
              name="intent"
              value="save"
              disabled={!dirty || saving}
              className={buttonClass("primary")}
            >
              <Save className="h-4 w-4" aria-hidden />
              {saving ? "Saving…" : "Save Changes"}
            </button>
          </footer>
        </FormProvider>
      </save.Form>
    </section>
  );
}
