import { provinceName } from "~/lib/address";
import { checkoutPageMessages } from "~/lib/i18n/messages/checkout";
import { useLocale, useT } from "~/lib/i18n/use-locale";
import type { SavedAddress } from "~/server/accounts/addresses.server";

const FIELDS = ["name", "phone", "street", "city", "province", "postalCode"] as const;

/**
 * At checkout, a signed-in shopper's saved addresses: the default one is already filled in by the
 * server; choosing another fills the form's fields with it (they stay editable).
 */
export function SavedAddressPicker({ addresses }: { addresses: SavedAddress[] }) {
  const locale = useLocale();
  const t = useT(checkoutPageMessages);
  if (addresses.length < 2) return null;
  const initial = addresses.find((a) => a.isDefault) ?? addresses[0]!;
  return (
    <div className="mb-4">
      <label htmlFor="saved-address" className="block text-sm font-medium text-stone-800">
        {t("savedAddresses")}
      </label>
      <select
        id="saved-address"
        defaultValue={initial.id}
        className="mt-1.5 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-base text-stone-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/20 focus:outline-none sm:text-sm"
        onChange={(event) => {
          const address = addresses.find((a) => a.id === event.currentTarget.value);
          const form = event.currentTarget.form;
          if (!address || !form) return;
          for (const field of FIELDS) {
            const input = form.elements.namedItem(field);
            if (input instanceof HTMLInputElement || input instanceof HTMLSelectElement)
              input.value = address[field];
          }
        }}
      >
        {addresses.map((a) => (
          <option key={a.id} value={a.id}>
            {a.name}, {a.street}, {a.city}, {provinceName(a.province, locale)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The checkout form's first values for a signed-in shopper: their email and default address. */
export function checkoutPrefill(
  account: { email: string; addresses: SavedAddress[] } | null,
): Partial<Record<string, string>> {
  if (!account) return {};
  const address = account.addresses.find((a) => a.isDefault) ?? account.addresses[0];
  if (!address) return { email: account.email };
  const { name, phone, street, city, province, postalCode } = address;
  return { email: account.email, name, phone, street, city, province, postalCode };
}
