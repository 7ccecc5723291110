import { readForm } from "~/server/http/form.server";
import { data, redirect } from "react-router";
import type { Route } from "./+types/address-edit";
import { AccountNotFound, cardClass } from "~/components/store/account-ui";
import { AddressForm } from "~/components/store/address-form";
import { addressFormValues, AddressSchema } from "~/schemas/account";
import { fieldErrors } from "~/schemas/checkout";
import { createAddress, getAddress, updateAddress } from "~/server/accounts/addresses.server";
import { requireShopper } from "~/server/accounts/session.server";

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
  if (!address) throw data({ message: "Address not found" }, { status: 404 });
  return { address };
}

export async function action({ request, params }: Route.ActionArgs) {
  const shopper = await requireShopper(request);
  const values = addressFormValues(await readForm(request));
  const parsed = AddressSchema.safeParse(values);
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error), values }, { status: 400 });
  const result = params.addressId
    ? await updateAddress({ accountId: shopper.id, id: params.addressId, input: parsed.data })
    : await createAddress({ accountId: shopper.id, input: parsed.data });
  if (!result.ok)
    return data({ errors: { form: result.message }, values }, { status: result.status });
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
        errors={actionData?.errors ?? {}}
        submitLabel={editing ? "Save address" : "Add address"}
      />
    </section>
  );
}

export function ErrorBoundary() {
  return (
    <AccountNotFound what="Address" back={{ to: "/account/addresses", label: "All addresses" }} />
  );
}
