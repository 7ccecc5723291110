import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * A value read from the browser (e.g. local storage) after hydration; `serverValue` during server
 * rendering and hydration, so the markup matches. `read` must return a primitive.
 */
export function useBrowserValue<T extends string | number | boolean | undefined>(
  read: () => T,
  serverValue: T,
): T {
  return useSyncExternalStore(noSubscription, read, () => serverValue);
}
