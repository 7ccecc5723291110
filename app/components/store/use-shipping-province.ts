import { useSyncExternalStore } from "react";
import { PROVINCE_CODES, type ProvinceCode } from "~/lib/address";

// The shipping province last chosen at checkout, so the cart drawer can show that province's taxes
// (the server falls back to a signed-in shopper's default address when there is none).
const SHIPPING_PROVINCE_KEY = "shippingProvince";
const EVENT = "budz:shipping-province";

function read(): ProvinceCode | null {
  const value = window.localStorage.getItem(SHIPPING_PROVINCE_KEY);
  return (PROVINCE_CODES as string[]).includes(value ?? "") ? (value as ProvinceCode) : null;
}

export function setShippingProvince(province: string | null) {
  if (province && (PROVINCE_CODES as string[]).includes(province))
    window.localStorage.setItem(SHIPPING_PROVINCE_KEY, province);
  else window.localStorage.removeItem(SHIPPING_PROVINCE_KEY);
  window.dispatchEvent(new Event(EVENT));
}

export function useShippingProvince(): ProvinceCode | null {
  return useSyncExternalStore(
    (onChange) => {
      const onStorage = (event: StorageEvent) => {
        if (event.key === SHIPPING_PROVINCE_KEY || event.key === null) onChange();
      };
      window.addEventListener(EVENT, onChange);
      window.addEventListener("storage", onStorage);
      return () => {
        window.removeEventListener(EVENT, onChange);
        window.removeEventListener("storage", onStorage);
      };
    },
    read,
    () => null,
  );
}
