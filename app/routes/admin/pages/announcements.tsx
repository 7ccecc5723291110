import { readFormValues } from "~/server/http/form.server";
import { data } from "react-router";
import type { Route } from "./+types/announcements";
import { AnnouncementForm } from "~/components/admin/announcement-form";
import { AdminErrorBoundary } from "~/components/admin/route-error";
import { AnnouncementSchema } from "~/schemas/content";
import { dateTexts } from "~/lib/dates";
import { formErrors } from "~/lib/form";
import { config } from "~/server/config.server";
import {
  getAnnouncementSettings,
  listAnnouncementCoupons,
  saveAnnouncement,
} from "~/server/content/announcement-admin.server";

export const meta: Route.MetaFunction = () => [{ title: "Top Bar Announcements · Admin" }];

export async function loader() {
  const timeZone = config().STORE_TIMEZONE;
  const [saved, coupons] = await Promise.all([
    getAnnouncementSettings(timeZone),
    listAnnouncementCoupons(),
  ]);
  return { saved, coupons, timeZone, dates: dateTexts(saved, timeZone) };
}

export async function action({ request }: Route.ActionArgs) {
  const parsed = AnnouncementSchema.safeParse(await readFormValues(request));
  if (!parsed.success)
    return data({ ok: false as const, errors: formErrors(parsed.error) }, { status: 400 });
  const result = await saveAnnouncement(parsed.data, config().STORE_TIMEZONE);
  return data(result, { status: result.ok ? 200 : 400 });
}

export default function Announcements({ loaderData }: Route.ComponentProps) {
  return (
    <AnnouncementForm
      saved={loaderData.saved}
      coupons={loaderData.coupons}
      timeZone={loaderData.timeZone}
      dates={loaderData.dates}
    />
  );
}

export const ErrorBoundary = AdminErrorBoundary;
