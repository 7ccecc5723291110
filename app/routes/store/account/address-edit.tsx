import { redirect } from "react-router";
import type { Route } from "./+types/address-edit";
import { AccountError } from "~/components/store/account-error";
import { cardClass } from "~/components/store/account-ui";
import { AddressForm } from "~/components/store/address-form";
import { addressForm } from "~/schemas/account";
import { createAddress, getAddress, updateAddress } from "~/server/accounts/addresses.server";
import { requireShopper } from "~/server/accounts/session.server";
import { formReply, parseForm } from "~/server/http/form.server";
import { invariantResponse } from "~/server/http/responses.server";

export function meta({ params }: Route.MetaArgs) {
  return [
    { title: params.addressId ? "Edit address" : "Add an address" },
    { name: "robots", content: "noindex" },
  ];
}

/** /account/addresses/new and /account/addresses/:addressId (only this shopper's addresses). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const shopper = await requireShopper(request);
  if (!params.addressId) return { address: null };
  const address = await getAddress(shopper.id, params.addressId);
  invariantResponse(address, "Address not found", { status: 404 });
  return { address };
}

export async function action({ request, params }: Route.ActionArgs) {
  const shopper = await requireShopper(request);
  const submission = await parseForm(request, addressForm);
  if (!submission.ok) return submission.reply;
  const input = submission.data;
  const result = params.addressId
    ? await updateAddress({ accountId: shopper.id, id: params.addressId, input })
    : await createAddress({ accountId: shopper.id, input });
  if (!result.ok)
    return formReply({ form: result.message }, { status: result.status, form: submission.form });
  return redirect("/account/addresses?notice=address-saved");
}

export default function AddressEdit({ loaderData, actionData }: Route.ComponentProps) {
  const editing = loaderData.address;
  const values = actionData?.values ?? editing ?? {};
  return (
    <section aria-labelledby="address-form-title" className={cardClass}>
      <h2 id="address-form-title" className="mb-5 text-lg font-semibold text-stone-900">
        {editing ? "Edit address" : "Add an address"}
      </h2>
      <AddressForm
        values={values}
        lastResult={actionData}
        submitLabel={editing ? "Save address" : "Add address"}
      />
    </section>
  );
}

export function ErrorBoundary() {
  return (
    <AccountError what="Address" back={{ to: "/account/addresses", label: "All addresses" }} />
  );
}
