import { Plus } from "lucide-react";
import { Form, redirect } from "react-router";
import type { Route } from "./+types/addresses";
import {
  cardClass,
  NoticeFromUrl,
  primaryButton,
  secondaryButton,
  textLink,
} from "~/components/store/account-ui";
import { Alert } from "~/components/form/form";
import { Link } from "~/components/store/localized-link";
import { AddressLines } from "~/components/store/saved-address";
import { MAX_ADDRESSES } from "~/lib/account";
import { localeOfPath, localizePath, requestLocale } from "~/lib/i18n/locale";
import { accountMessages } from "~/lib/i18n/messages/account";
import { richText } from "~/lib/i18n/rich-text";
import { translator } from "~/lib/i18n/translate";
import { useT } from "~/lib/i18n/use-locale";
import {
  deleteAddress,
  listAddresses,
  setDefaultAddress,
} from "~/server/accounts/addresses.server";
import { requireShopper } from "~/server/accounts/session.server";
import { dispatchIntent, formReply, readForm } from "~/server/http/form.server";

export const meta = ({ location }: Route.MetaArgs) => [
  { title: translator(accountMessages, localeOfPath(location.pathname))("titleMyAddresses") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const shopper = await requireShopper(request);
  return { addresses: await listAddresses(shopper.id) };
}

export async function action({ request }: Route.ActionArgs) {
  const shopper = await requireShopper(request);
  const form = await readForm(request);
  const target = { accountId: shopper.id, id: String(form.get("addressId") ?? "") };
  const locale = requestLocale(request);
  const notFound = () =>
    formReply({ form: translator(accountMessages, locale)("addressNotFound") }, { status: 404 });
  return dispatchIntent(form, {
    delete: async () =>
      (await deleteAddress(target))
        ? redirect(localizePath("/account/addresses?notice=address-deleted", locale))
        : notFound(),
    default: async () =>
      (await setDefaultAddress(target))
        ? redirect(localizePath("/account/addresses?notice=default-set", locale))
        : notFound(),
  });
}

export default function Addresses({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT(accountMessages);
  const { addresses } = loaderData;
  return (
    <section aria-labelledby="addresses-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="addresses-title" className="text-lg font-semibold text-stone-900">
          {t("savedAddresses")}
        </h2>
        {addresses.length < MAX_ADDRESSES ? (
          <Link to="/account/addresses/new" className={primaryButton}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            {t("addAddress")}
          </Link>
        ) : null}
      </div>
      <NoticeFromUrl />
      <Alert message={actionData?.errors.form} />
      {addresses.length === 0 ? (
        <p className={`${cardClass} text-stone-600`}>
          {richText(t("noSavedAddresses"), {
            link: (text) => (
              <Link to="/account/addresses/new" className={textLink}>
                {text}
              </Link>
            ),
          })}
        </p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2">
          {addresses.map((address) => (
            <li
              key={address.id}
              className={`${cardClass} flex flex-col gap-4`}
              aria-label={t("addressOf", { name: address.name })}
            >
              <div className="flex items-start justify-between gap-3">
                <AddressLines address={address} />
                {address.isDefault ? (
                  <span className="shrink-0 rounded-full bg-brand-100 px-3 py-1 text-xs font-semibold text-brand-800">
                    {t("defaultBadge")}
                  </span>
                ) : null}
              </div>
              <div className="mt-auto flex flex-wrap gap-2">
                <Link
                  to={`/account/addresses/${address.id}`}
                  className={secondaryButton}
                  aria-label={t("editAddressOf", { name: address.name })}
                >
                  {t("edit")}
                </Link>
                {address.isDefault ? null : (
                  <Form method="post">
                    <input type="hidden" name="addressId" value={address.id} />
                    <button type="submit" name="intent" value="default" className={secondaryButton}>
                      {t("makeDefault")}
                    </button>
                  </Form>
                )}
                <Form method="post">
                  <input type="hidden" name="addressId" value={address.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="delete"
                    className="inline-flex items-center rounded-full px-4 py-2 text-sm font-semibold text-red-700 hover:bg-red-50"
                    aria-label={t("deleteAddressOf", { name: address.name })}
                  >
                    {t("delete")}
                  </button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
