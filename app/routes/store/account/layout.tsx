import { LogOut } from "lucide-react";
import { Form, Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { NavLink } from "~/components/store/localized-link";
import { accountMessages } from "~/lib/i18n/messages/account";
import { richText } from "~/lib/i18n/rich-text";
import { useLocalePath, useT } from "~/lib/i18n/use-locale";
import { requireShopper } from "~/server/accounts/session.server";

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request }: Route.LoaderArgs) {
  const shopper = await requireShopper(request);
  return { email: shopper.email, verified: shopper.verified };
}

const TABS = [
  { to: "/account", label: "tabOverview", end: true },
  { to: "/account/orders", label: "tabOrders", end: false },
  { to: "/account/addresses", label: "tabAddresses", end: false },
  { to: "/account/settings", label: "tabSettings", end: false },
] as const;

export default function AccountLayout({ loaderData }: Route.ComponentProps) {
  const t = useT(accountMessages);
  const localize = useLocalePath();
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 lg:py-14">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight text-stone-900">
            {t("titleMyAccount")}
          </h1>
          <p className="mt-1 text-sm break-all text-stone-600">
            {richText(t("signedInAs", { email: loaderData.email }), {
              email: (text) => <span className="font-medium text-stone-800">{text}</span>,
            })}
          </p>
        </div>
        <Form method="post" action={localize("/account/sign-out")}>
          <button
            type="submit"
            className="inline-flex items-center gap-2 rounded-full border border-stone-300 bg-white px-4 py-2 text-sm font-semibold text-stone-800 hover:border-brand-600 hover:text-brand-800"
          >
            <LogOut className="h-4 w-4" aria-hidden="true" />
            {t("signOut")}
          </button>
        </Form>
      </div>
      <nav aria-label={t("accountNav")} className="mt-6 border-b border-stone-200">
        <ul className="-mb-px flex flex-wrap gap-x-1">
          {TABS.map((tab) => (
            <li key={tab.to}>
              <NavLink
                to={tab.to}
                end={tab.end}
                className={({ isActive }) =>
                  `block border-b-2 px-2.5 py-2.5 text-sm font-semibold whitespace-nowrap sm:px-4 ${
                    isActive
                      ? "border-brand-700 text-brand-800"
                      : "border-transparent text-stone-600 hover:text-brand-800"
                  }`
                }
              >
                {t(tab.label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-8">
        <Outlet />
      </div>
    </div>
  );
}
