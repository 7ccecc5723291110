import { FileText, Pencil, Send } from "lucide-react";
import { auditActor } from "~/server/auth/actor.server";
import { href, Link, Outlet, useSubmit } from "react-router";
import type { Route } from "./+types/list";
import { buttonClass } from "~/components/admin/button";
import { EmailsHeader } from "~/components/admin/email-parts";
import { DeleteButton } from "~/components/admin/modal";
import { AdminErrorBoundary } from "~/components/admin/route-error";
import { formatDate, withDateTexts } from "~/lib/dates";
import { redirectWithToast } from "~/server/admin/flash.server";
import { config } from "~/server/config.server";
import { dispatchIntent, postedId, readForm } from "~/server/http/form.server";
import { getCampaignStats } from "~/server/marketing/campaign-list.server";
import {
  deleteEmailTemplate,
  listEmailTemplates,
  TEMPLATE_NOT_FOUND,
} from "~/server/marketing/email-templates.server";
import { requirePermission } from "~/server/auth/admin-guard.server";

export const middleware: Route.MiddlewareFunction[] = [requirePermission("marketing")];

export const meta: Route.MetaFunction = () => [{ title: "Email Templates · Admin" }];

export async function loader() {
  const [stats, templates] = await Promise.all([getCampaignStats(), listEmailTemplates()]);
  return withDateTexts({ stats, templates }, config().STORE_TIMEZONE);
}

/** A template's Delete button posts here. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const id = postedId(form);
  const back = href("/budzadmin/dashboard/emails/templates");
  return dispatchIntent(form, {
    delete: async () => {
      const deleted = await deleteEmailTemplate(id, auditActor(context));
      if (!deleted) return redirectWithToast(back, TEMPLATE_NOT_FOUND, "error");
      return redirectWithToast(back, `Template "${deleted.name}" deleted.`);
    },
  });
}

export default function Templates({ loaderData }: Route.ComponentProps) {
  const { stats, templates, dates } = loaderData;
  const submit = useSubmit();
  return (
    <>
      <EmailsHeader stats={stats} />
      {templates.length === 0 ? (
        <div className="rounded-xl border border-dashed border-stone-300 bg-white px-6 py-16 text-center text-stone-500">
          No templates yet. Create one to start campaigns from it.
        </div>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Email templates">
          {templates.map((t) => (
            <li
              key={t.id}
              className="flex flex-col rounded-xl border border-stone-200 bg-white p-5 shadow-sm"
            >
              <div className="flex items-start gap-3">
                <span className="rounded-lg bg-brand-50 p-2 text-brand-700">
                  <FileText className="h-5 w-5" aria-hidden />
                </span>
                <div className="min-w-0">
                  <h2 className="truncate font-semibold text-stone-900">{t.name}</h2>
                  <p className="text-xs text-stone-500">Updated {formatDate(t.updatedAt, dates)}</p>
                </div>
              </div>
              <p className="mt-3 line-clamp-2 text-sm text-stone-600">
                {t.description || "No description"}
              </p>
              <p className="mt-2 mb-4 truncate text-xs text-stone-500">
                Subject: {t.subject || "none yet"}
              </p>
              <div className="mt-auto flex items-center gap-1 border-t border-stone-100 pt-4">
                <Link
                  to={`${href("/budzadmin/dashboard/emails/new")}?template=${t.id}`}
                  className={buttonClass("primary", "sm")}
                  aria-label={`Use template ${t.name}`}
                >
                  <Send className="h-4 w-4" aria-hidden />
                  Use template
                </Link>
                <Link
                  to={href("/budzadmin/dashboard/emails/templates/:templateId", {
                    templateId: t.id,
                  })}
                  className={buttonClass("ghost", "icon", "ml-auto")}
                  aria-label={`Edit template ${t.name}`}
                  title="Edit"
                >
                  <Pencil className="h-4 w-4" aria-hidden />
                </Link>
                <DeleteButton
                  label={`Delete template ${t.name}`}
                  title={`Delete the template "${t.name}"?`}
                  message="Campaigns started from it keep their own copy. This action cannot be undone."
                  onConfirm={() =>
                    void submit(
                      { intent: "delete", id: t.id },
                      {
                        method: "post",
                        action: href("/budzadmin/dashboard/emails/templates"),
                        preventScrollReset: true,
                      },
                    )
                  }
                />
              </div>
            </li>
          ))}
        </ul>
      )}
      <Outlet />
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
