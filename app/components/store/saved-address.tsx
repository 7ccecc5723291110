import { provinceName } from "~/lib/address";
import type { SavedAddress } from "~/server/accounts/addresses.server";

export function AddressLines({
  address,
  className = "",
}: {
  address: Omit<SavedAddress, "id" | "isDefault">;
  className?: string;
}) {
  return (
    <address className={`text-sm leading-6 text-stone-700 not-italic ${className}`}>
      <span className="font-medium text-stone-900">{address.name}</span>
      <br />
      {address.street}
      <br />
      {address.city}, {provinceName(address.province)} {address.postalCode}
      <br />
      {address.phone}
    </address>
  );
}
