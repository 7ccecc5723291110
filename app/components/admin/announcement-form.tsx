import { X } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { Field, FormProvider, FormSummary, useForm } from "~/components/form/form";
import {
  ANNOUNCEMENT_COLORS,
  announcementBackground,
  announcementStatus,
  announcementText,
  type AnnouncementStatus,
} from "~/lib/announcement";
import { formatDateTime, type DateTexts } from "~/lib/dates";
import type { FormReply } from "~/lib/form";
import { MAX_ANNOUNCEMENT_MESSAGE } from "~/schemas/content";
import type { AnnouncementSettings } from "~/server/content/announcement-admin.server";
import { buttonClass } from "./button";
import { inputClass } from "./field";
import { SaveStatus, useSaveState } from "./save-status";
import { STORE_FIELDS_HINT } from "~/lib/store-settings";

type AnnouncementFormValues = AnnouncementSettings;

type SaveData = { ok: true } | FormReply;

const STATUS_TEXT: Record<AnnouncementStatus | "hidden", { label: string; tone: string }> = {
  hidden: { label: "Hidden", tone: "border-amber-300 bg-amber-50 text-amber-950" },
  showing: { label: "Showing now", tone: "border-green-200 bg-green-50 text-green-900" },
  scheduled: { label: "Scheduled", tone: "border-sky-200 bg-sky-50 text-sky-900" },
  ended: { label: "Ended", tone: "border-stone-200 bg-stone-50 text-stone-800" },
  inactive: { label: "Inactive", tone: "border-stone-200 bg-stone-50 text-stone-800" },
};

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function StatusBox({
  saved,
  hiddenBecause,
  dates,
}: {
  saved: AnnouncementFormValues;
  hiddenBecause: string | null;
  dates: DateTexts;
}) {
  const dated = announcementStatus({
    id: "main",
    isActive: saved.isActive,
    startDate: saved.startsAt,
    endDate: saved.endsAt,
  });
  const status = dated === "showing" && hiddenBecause ? "hidden" : dated;
  const when = (iso: string | null) => (iso ? formatDateTime(iso, dates) : undefined);
  const detail =
    saved.updatedAt === null
      ? "Nothing saved yet: the bar is not shown."
      : status === "hidden"
        ? hiddenBecause
        : status === "showing"
          ? `On the home page${saved.endsAt ? ` until ${when(saved.endsAt)}` : ""} (visitors who dismissed this message do not see it).`
          : status === "scheduled"
            ? `Starts showing on ${when(saved.startsAt)}.`
            : status === "ended"
              ? `Ended on ${when(saved.endsAt)}.`
              : "Switched off: not shown on the home page.";
  const { label, tone } = STATUS_TEXT[saved.updatedAt === null ? "inactive" : status];
  return (
    <section aria-labelledby="status-heading" className={`rounded-xl border p-5 ${tone}`}>
      <h2 id="status-heading" className="text-sm font-semibold">
        Current status
      </h2>
      <p className="mt-1 text-lg font-bold">{label}</p>
      <p className="mt-1 text-sm">{detail}</p>
    </section>
  );
}

export function AnnouncementForm({
  saved,
  coupons,
  hiddenBecause,
  timeZone,
  dates,
}: {
  saved: AnnouncementFormValues;
  coupons: { code: string; isActive: boolean }[];
  /** Why shoppers do not see the saved bar although it is live (a code checkout would refuse). */
  hiddenBecause: string | null;
  timeZone: string;
  /** The texts of the saved start and end instants (dateTexts, written on the server). */
  dates: DateTexts;
}) {
  const fetcher = useFetcher<SaveData>({ key: "announcement-save" });
  const [values, setValues] = useState({
    message: saved.message,
    messageFr: saved.messageFr,
    backgroundColor: saved.backgroundColor,
    couponCode: saved.couponCode ?? "",
    startDate: saved.startDate,
    endDate: saved.endDate,
    isActive: saved.isActive,
  });
  const status = useSaveState(fetcher);
  // The server checks (a refusal shows 'Save failed'); the form shows its messages.
  const form = useForm({
    lastResult: fetcher.data && "errors" in fetcher.data ? fetcher.data : undefined,
  });
  const saving = status === "saving";
  const set = <K extends keyof typeof values>(key: K, value: (typeof values)[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const previewText = announcementText(values.message.trim(), values.couponCode || null);

  return (
    <div className="grid gap-6 xl:grid-cols-[1fr_20rem]">
      <fetcher.Form
        method="post"
        {...form.props}
        className="rounded-xl border border-stone-200 bg-white shadow-sm"
      >
        <FormProvider form={form}>
          <div className="space-y-5 px-5 py-5">
            <FormSummary className="mb-0" />
            <Field
              name="message"
              label="Message"
              required
              hint={`One line, at most ${MAX_ANNOUNCEMENT_MESSAGE} characters (${values.message.length} used). ${STORE_FIELDS_HINT}`}
            >
              {(props) => (
                <input
                  {...props}
                  value={values.message}
                  maxLength={MAX_ANNOUNCEMENT_MESSAGE + 50}
                  onChange={(e) => set("message", e.target.value)}
                  className={inputClass}
                />
              )}
            </Field>
            <Field
              name="messageFr"
              label="Message (French)"
              hint={`Optional: left empty, the French store (/fr) shows the English message. One line, at most ${MAX_ANNOUNCEMENT_MESSAGE} characters (${values.messageFr.length} used); the coupon code is added in French.`}
            >
              {(props) => (
                <input
                  {...props}
                  lang="fr"
                  value={values.messageFr}
                  maxLength={MAX_ANNOUNCEMENT_MESSAGE + 50}
                  onChange={(e) => set("messageFr", e.target.value)}
                  className={inputClass}
                />
              )}
            </Field>
            <div className="grid gap-5 sm:grid-cols-2">
              <Field name="backgroundColor" label="Background colour">
                {(props) => (
                  <select
                    {...props}
                    value={values.backgroundColor}
                    onChange={(e) => set("backgroundColor", e.target.value)}
                    className={inputClass}
                  >
                    {Object.keys(ANNOUNCEMENT_COLORS).map((name) => (
                      <option key={name} value={name}>
                        {capitalise(name)}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Field
                name="couponCode"
                label="Coupon code (optional)"
                hint="Added as ' - Use code: CODE' unless the message already names it."
              >
                {(props) => (
                  <select
                    {...props}
                    value={values.couponCode}
                    onChange={(e) => set("couponCode", e.target.value)}
                    className={inputClass}
                  >
                    <option value="">No coupon</option>
                    {values.couponCode && !coupons.some((c) => c.code === values.couponCode) ? (
                      <option value={values.couponCode}>
                        {values.couponCode} (no longer a coupon)
                      </option>
                    ) : null}
                    {coupons.map((c) => (
                      <option key={c.code} value={c.code}>
                        {c.code}
                        {c.isActive ? "" : " (inactive)"}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Field name="startDate" label="Start date" hint={`From 12:00 a.m., ${timeZone}`}>
                {(props) => (
                  <input
                    {...props}
                    type="date"
                    value={values.startDate}
                    onChange={(e) => set("startDate", e.target.value)}
                    className={inputClass}
                  />
                )}
              </Field>
              <Field name="endDate" label="End date" hint="Through the end of that day">
                {(props) => (
                  <input
                    {...props}
                    type="date"
                    value={values.endDate}
                    onChange={(e) => set("endDate", e.target.value)}
                    className={inputClass}
                  />
                )}
              </Field>
            </div>
            <label className="flex items-center gap-2 text-sm font-medium text-stone-800">
              <input
                type="checkbox"
                name="isActive"
                checked={values.isActive}
                onChange={(e) => set("isActive", e.target.checked)}
                className="h-4 w-4 rounded border-stone-300 text-brand-700 focus:ring-brand-500"
              />
              Active (show on the home page between the dates)
            </label>
            <div>
              <p className="mb-1.5 text-sm font-medium text-stone-700" id="live-preview-label">
                Live preview
              </p>
              <div
                className="relative overflow-hidden rounded-lg px-10 py-2.5 text-center text-sm font-medium text-white"
                style={{ backgroundColor: announcementBackground(values.backgroundColor) }}
              >
                <p>{previewText || "Your message appears here"}</p>
                <X className="absolute top-1/2 right-3 h-4 w-4 -translate-y-1/2" aria-hidden />
              </div>
            </div>
          </div>
          <div className="flex flex-wrap items-center justify-end gap-3 border-t border-stone-200 bg-stone-50 px-5 py-3 sm:rounded-b-xl">
            <SaveStatus state={status} />
            <button type="submit" disabled={saving} className={buttonClass("primary")}>
              {saving ? "Saving…" : "Save Announcement Settings"}
            </button>
          </div>
        </FormProvider>
      </fetcher.Form>
      <StatusBox saved={saved} hiddenBecause={hiddenBecause} dates={dates} />
    </div>
  );
}
