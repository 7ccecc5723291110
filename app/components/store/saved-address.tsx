import { provinceName } from "~/lib/address";
import { useLocale } from "~/lib/i18n/use-locale";
import type { SavedAddress } from "~/server/accounts/addresses.server";

export function AddressLines({
  address,
  className = "",
}: {
  address: Omit<SavedAddress, "id" | "isDefault">;
  className?: string;
}) {
  const locale = useLocale();
  return (
    <address className={`text-sm leading-6 text-stone-700 not-italic ${className}`}>
      <span className="font-medium text-stone-900">{address.name}</span>
      <br />
      {address.street}
      <br />
      {address.city}, {provinceName(address.province, locale)} {address.postalCode}
      <br />
      {address.phone}
    </address>
  );
}
