import * as AlertDialog from "@radix-ui/react-alert-dialog";
import { useEffect } from "react";
import { useBlocker, type Location } from "react-router";
import { buttonClass } from "./button";

/**
 * Asks before leaving with unsaved changes: in-app navigation (a link, another page of the editor)
 * opens a dialog; closing or reloading the tab gets the browser's own prompt.
 */
export function LeaveGuard({
  dirty,
  message,
  isSameScreen = () => false,
}: {
  dirty: boolean;
  message: string;
  /** Navigations that keep the edits on screen (they are not blocked). */
  isSameScreen?: (current: Location, next: Location) => boolean;
}) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && !isSameScreen(currentLocation, nextLocation),
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);
  return (
    <AlertDialog.Root
      open={blocker.state === "blocked"}
      onOpenChange={(open) => !open && blocker.reset?.()}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-[55] bg-stone-950/50" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-[56] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-2xl">
          <AlertDialog.Title className="text-lg font-semibold text-stone-900">
            Leave without saving?
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-stone-600">
            {message}
          </AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialog.Cancel className={buttonClass("secondary")}>Stay</AlertDialog.Cancel>
            <AlertDialog.Action
              className={buttonClass("danger")}
              onClick={() => blocker.proceed?.()}
            >
              Leave
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
