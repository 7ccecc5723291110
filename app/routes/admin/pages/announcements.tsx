import type { Route } from "./+types/announcements";
import { auditActor } from "~/server/auth/actor.server";
import { AnnouncementForm } from "~/components/admin/announcement-form";
import { AdminErrorBoundary } from "~/components/admin/route-error";
import { announcementForm } from "~/schemas/content";
import { dateTexts } from "~/lib/dates";
import { config } from "~/server/config.server";
import {
  getAnnouncementSettings,
  listAnnouncementCoupons,
  saveAnnouncement,
} from "~/server/content/announcement-admin.server";
import { announcementHiddenBecause } from "~/server/content/announcements.server";
import { formReply, parseForm } from "~/server/http/form.server";
import { requirePermission } from "~/server/auth/admin-guard.server";

export const middleware: Route.MiddlewareFunction[] = [requirePermission("pages")];

export const meta: Route.MetaFunction = () => [{ title: "Top Bar Announcements · Admin" }];

export async function loader() {
  const timeZone = config().STORE_TIMEZONE;
  const [saved, coupons] = await Promise.all([
    getAnnouncementSettings(timeZone),
    listAnnouncementCoupons(),
  ]);
  const hiddenBecause = saved.updatedAt ? await hiddenInEitherLanguage(saved) : null;
  return { saved, coupons, hiddenBecause, timeZone, dates: dateTexts(saved, timeZone) };
}

/** A code checkout would refuse, named by the message or, on the French store, the French one. */
async function hiddenInEitherLanguage(saved: {
  message: string;
  messageFr: string;
  couponCode: string | null;
}) {
  const english = await announcementHiddenBecause(saved);
  if (english || !saved.messageFr) return english;
  const french = await announcementHiddenBecause({ ...saved, message: saved.messageFr });
  return french ? `French message: ${french}` : null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = await parseForm(request, announcementForm);
  if (!submission.ok) return submission.reply;
  const result = await saveAnnouncement(
    submission.data,
    config().STORE_TIMEZONE,
    auditActor(context),
  );
  if (!result.ok)
    return formReply(result.errors ?? { form: result.message }, {
      status: result.status,
      form: submission.form,
    });
  return { ok: true as const };
}

export default function Announcements({ loaderData }: Route.ComponentProps) {
  return (
    <AnnouncementForm
      saved={loaderData.saved}
      coupons={loaderData.coupons}
      hiddenBecause={loaderData.hiddenBecause}
      timeZone={loaderData.timeZone}
      dates={loaderData.dates}
    />
  );
}

export const ErrorBoundary = AdminErrorBoundary;
