import { CheckCircle2, X, XCircle } from "lucide-react";
import { useEffect, useState } from "react";

export interface ToastMessage {
  id: string;
  type: "success" | "error";
  message: string;
}

/** Shows the flash message of the last save for a few seconds (announced to screen readers). */
export function Toaster({ toast }: { toast?: ToastMessage }) {
  const [dismissed, setDismissed] = useState<string>();
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setDismissed(toast.id), 5000);
    return () => clearTimeout(timer);
  }, [toast]);
  const shown = toast && toast.id !== dismissed ? toast : undefined;
  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 top-4 z-[60] sm:top-auto sm:bottom-4 flex justify-center px-4 sm:justify-end sm:px-6"
    >
      {shown ? (
        <div
          role="status"
          className={`pointer-events-auto flex max-w-md items-start gap-3 rounded-xl border bg-white px-4 py-3 text-sm shadow-lg ${shown.type === "error" ? "border-red-200" : "border-brand-200"}`}
        >
          {shown.type === "error" ? (
            <XCircle className="mt-0.5 h-5 w-5 shrink-0 text-red-600" aria-hidden />
          ) : (
            <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" aria-hidden />
          )}
          <p className="font-medium text-stone-800">{shown.message}</p>
          <button
            type="button"
            onClick={() => setDismissed(shown.id)}
            className="-mr-1 rounded p-0.5 text-stone-400 hover:text-stone-700"
            aria-label="Dismiss"
          >
            <X className="h-4 w-4" aria-hidden />
          </button>
        </div>
      ) : null}
    </div>
  );
}
