import { CircleAlert, CircleCheck, Loader2 } from "lucide-react";
import { useEffect, useState } from "react";
import { SAVE_STATUS_RESET_MS } from "~/lib/page-editor";

type SaveState = "idle" | "saving" | "success" | "error";

/**
 * The save indicator for a fetcher (docs/product/admin-and-staff.md#screens): saving while it runs,
 * then success (an answer with `ok: true`) or error (a refusal: `{ errors }`) for 3 s, then idle
 * again.
 */
export function useSaveState(fetcher: { state: string; data?: object }): SaveState {
  const [settled, setSettled] = useState<unknown>();
  const data = fetcher.data;
  useEffect(() => {
    if (!data) return;
    const timer = setTimeout(() => setSettled(data), SAVE_STATUS_RESET_MS);
    return () => clearTimeout(timer);
  }, [data]);
  if (fetcher.state !== "idle") return "saving";
  if (!data || settled === data) return "idle";
  return "ok" in data && data.ok === true ? "success" : "error";
}

/** 'Saving…', 'Saved successfully' or 'Save failed', announced politely. */
export function SaveStatus({ state }: { state: SaveState }) {
  return (
    <p role="status" className="mr-auto text-sm">
      {state === "saving" ? (
        <span className="inline-flex items-center gap-1.5 text-stone-600">
          <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> Saving…
        </span>
      ) : state === "success" ? (
        <span className="inline-flex items-center gap-1.5 font-medium text-green-700">
          <CircleCheck className="h-4 w-4" aria-hidden /> Saved successfully
        </span>
      ) : state === "error" ? (
        <span className="inline-flex items-center gap-1.5 font-medium text-red-700">
          <CircleAlert className="h-4 w-4" aria-hidden /> Save failed
        </span>
      ) : null}
    </p>
  );
}
