import { z } from "zod";
import { ANNOUNCEMENT_COLORS } from "~/lib/announcement";
import { formRules } from "~/lib/form";
import {
  EDITABLE_PAGES,
  MAX_PAGE_DESCRIPTION,
  MAX_PAGE_HTML,
  MAX_PAGE_TITLE,
} from "~/lib/page-editor";
import { plainText, stripControlCharacters } from "./text";

export const PageSlugSchema = z.enum(
  EDITABLE_PAGES.map((p) => p.slug),
  `Unknown page. Choose one of: ${EDITABLE_PAGES.map((p) => p.name).join(", ")}.`,
);

const version = z.coerce.number().int("Reload the page and try again.").min(1).max(2_147_483_647);

/**
 * The Page Editor's posts, one per button (`intent`, served by `dispatchIntent`): save the HTML,
 * restore a revision, or sanitise the draft for the preview.
 */
const pageHtml = (label: string) =>
  z
    .string()
    .transform(stripControlCharacters)
    .pipe(
      z
        .string()
        .max(
          MAX_PAGE_HTML,
          `${label} is too long: at most ${MAX_PAGE_HTML.toLocaleString("en-CA")} characters.`,
        ),
    );

/** The French fields of a page: optional, empty for "not translated" (the English is shown). */
const frenchLine = (label: string, max: number) =>
  z
    .string()
    .transform((value) => stripControlCharacters(value).replace(/\s+/g, " ").trim())
    .pipe(z.string().max(max, `${label} must be at most ${max} characters.`))
    .optional();

export const pageSaveForm = formRules(
  z.object({
    content: pageHtml("The page HTML"),
    // The French page, saved with the English under the same version; a post without these
    // fields leaves the French as it is.
    titleFr: frenchLine("The French title", MAX_PAGE_TITLE),
    descriptionFr: frenchLine("The French description", MAX_PAGE_DESCRIPTION),
    contentFr: pageHtml("The French page HTML").optional(),
    version,
  }),
);
export const pageRestoreForm = formRules(
  z.object({ revisionId: z.uuid("Unknown revision."), version }),
);
export const pagePreviewForm = formRules(
  z.object({ content: z.string().max(MAX_PAGE_HTML, "Too long to preview.") }),
);

export const MAX_ANNOUNCEMENT_MESSAGE = 200;
const COLOR_NAMES = Object.keys(ANNOUNCEMENT_COLORS) as [keyof typeof ANNOUNCEMENT_COLORS];
/** "2026-02-31" parses (and rolls over to March): a real day reads back the same. */
const sameDay = (v: string) => {
  const time = Date.parse(`${v}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === v;
};
const day = z
  .string()
  .trim()
  .refine((v) => v === "" || /^\d{4}-\d{2}-\d{2}$/.test(v), "Enter a date as YYYY-MM-DD.")
  .refine(
    (v) => v === "" || !/^\d{4}-\d{2}-\d{2}$/.test(v) || sameDay(v),
    "This date does not exist.",
  );

/**
 * Top Bar Announcement settings (docs/product/storefront.md#editing-the-announcement). Dates are
 * calendar days in STORE_TIMEZONE.
 */
export const AnnouncementSchema = z
  .object({
    message: plainText(MAX_ANNOUNCEMENT_MESSAGE, "Please enter the announcement message.").refine(
      (v) => !/[\r\n]/.test(v),
      "The message must be on one line.",
    ),
    /** The French message; empty: the French store shows the English. Left out: kept as saved. */
    messageFr: plainText(MAX_ANNOUNCEMENT_MESSAGE)
      .refine((v) => !/[\r\n]/.test(v), "The French message must be on one line.")
      .optional(),
    backgroundColor: z.enum(COLOR_NAMES, "Choose one of the listed colours."),
    couponCode: z
      .string()
      .trim()
      .max(40, "Unknown coupon code.")
      .transform((v) => (v === "" ? null : v)),
    startDate: day,
    endDate: day,
    isActive: z
      .string()
      .optional()
      .transform((v) => v === "on" || v === "true"),
  })
  .refine((a) => !a.startDate || !a.endDate || a.endDate >= a.startDate, {
    path: ["endDate"],
    message: "The end date must be on or after the start date.",
  });
export type AnnouncementInput = z.output<typeof AnnouncementSchema>;

/** The Top Bar Announcements form: the browser and the action run these same rules. */
export const announcementForm = formRules(AnnouncementSchema);
