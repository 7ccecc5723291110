import type { Route } from "./+types/orders";
import { AccountOrderList, VerifyEmailPrompt } from "~/components/store/account-orders";
import { cardClass, secondaryButton, textLink } from "~/components/store/account-ui";
import { Link } from "~/components/store/localized-link";
import { localeOfPath, requestLocale } from "~/lib/i18n/locale";
import { accountMessages } from "~/lib/i18n/messages/account";
import { translator } from "~/lib/i18n/translate";
import { useT } from "~/lib/i18n/use-locale";
import { listAccountOrders } from "~/server/accounts/account-orders.server";
import { requireShopper } from "~/server/accounts/session.server";

export const meta = ({ location }: Route.MetaArgs) => [
  { title: translator(accountMessages, localeOfPath(location.pathname))("titleMyOrders") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const shopper = await requireShopper(request);
  const page = Number(new URL(request.url).searchParams.get("page") ?? "1");
  const orders = await listAccountOrders({
    shopper,
    page: Number.isFinite(page) ? page : 1,
    locale: requestLocale(request),
  });
  return { ...orders, email: shopper.email, verified: shopper.verified };
}

export default function AccountOrders({ loaderData }: Route.ComponentProps) {
  const t = useT(accountMessages);
  const { rows, total, page, pageCount, verified, email } = loaderData;
  if (!verified) return <VerifyEmailPrompt email={email} />;
  return (
    <section aria-labelledby="orders-title" className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="orders-title" className="text-lg font-semibold text-stone-900">
          {t("tabOrders")}
        </h2>
        <p className="text-sm text-stone-600">{t("ordersPlaced", { count: total })}</p>
      </div>
      {rows.length > 0 ? (
        <AccountOrderList rows={rows} />
      ) : (
        <p className={`${cardClass} text-stone-600`}>
          {t("noOrdersYet")}{" "}
          <Link to="/products" className={textLink}>
            {t("startShopping")}
          </Link>
        </p>
      )}
      {pageCount > 1 ? (
        <nav aria-label={t("pagesNav")} className="flex items-center justify-between gap-3">
          {page > 1 ? (
            <Link to={`?page=${page - 1}`} className={secondaryButton}>
              {t("newerOrders")}
            </Link>
          ) : (
            <span />
          )}
          <p className="text-sm text-stone-600">{t("pageOf", { page, pageCount })}</p>
          {page < pageCount ? (
            <Link to={`?page=${page + 1}`} className={secondaryButton}>
              {t("olderOrders")}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </section>
  );
}
