import { redirect } from "react-router";
import type { Route } from "./+types/address-edit";
import { AccountError } from "~/components/store/account-error";
import { cardClass } from "~/components/store/account-ui";
import { AddressForm } from "~/components/store/address-form";
import { localeOfPath, localizePath, requestLocale } from "~/lib/i18n/locale";
import { accountMessages } from "~/lib/i18n/messages/account";
import { translator } from "~/lib/i18n/translate";
import { useT } from "~/lib/i18n/use-locale";
import { accountForms } from "~/schemas/account";
import { createAddress, getAddress, updateAddress } from "~/server/accounts/addresses.server";
import { requireShopper } from "~/server/accounts/session.server";
import { formReply, parseForm } from "~/server/http/form.server";
import { invariantResponse } from "~/server/http/responses.server";

export function meta({ params, location }: Route.MetaArgs) {
  const t = translator(accountMessages, localeOfPath(location.pathname));
  return [
    { title: params.addressId ? t("titleEditAddress") : t("titleAddAddress") },
    { name: "robots", content: "noindex" },
  ];
}

/** /account/addresses/new and /account/addresses/:addressId (only this shopper's addresses). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const shopper = await requireShopper(request);
  if (!params.addressId) return { address: null };
  const address = await getAddress(shopper.id, params.addressId);
  invariantResponse(
    address,
    translator(accountMessages, requestLocale(request))("addressNotFound"),
    { status: 404 },
  );
  return { address };
}

export async function action({ request, params }: Route.ActionArgs) {
  const shopper = await requireShopper(request);
  const locale = requestLocale(request);
  const submission = await parseForm(request, accountForms(locale).addressForm);
  if (!submission.ok) return submission.reply;
  const input = submission.data;
  const result = params.addressId
    ? await updateAddress({ accountId: shopper.id, id: params.addressId, input, locale })
    : await createAddress({ accountId: shopper.id, input, locale });
  if (!result.ok)
    return formReply({ form: result.message }, { status: result.status, form: submission.form });
  return redirect(localizePath("/account/addresses?notice=address-saved", locale));
}

export default function AddressEdit({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT(accountMessages);
  const editing = loaderData.address;
  const values = actionData?.values ?? editing ?? {};
  return (
    <section aria-labelledby="address-form-title" className={cardClass}>
      <h2 id="address-form-title" className="mb-5 text-lg font-semibold text-stone-900">
        {editing ? t("titleEditAddress") : t("titleAddAddress")}
      </h2>
      <AddressForm
        values={values}
        lastResult={actionData}
        submitLabel={editing ? t("saveAddress") : t("addAddress")}
      />
    </section>
  );
}

export function ErrorBoundary() {
  const t = useT(accountMessages);
  return (
    <AccountError what="Address" back={{ to: "/account/addresses", label: t("allAddresses") }} />
  );
}
