import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * False during server rendering and hydration, true once React runs in the browser. Controls that
 * only work with JavaScript (the browser cart) stay disabled until then, so a tap before hydration
 * is never lost.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
