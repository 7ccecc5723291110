import { TriangleAlert } from "lucide-react";
import type { FormReply } from "~/lib/form";

/**
 * A warning the server asked to confirm (`warningReply`: e.g. a tracking number already on another
 * order), announced, with the box that confirms it: ticked, the next submit saves. Nothing when the
 * last answer was not a warning.
 */
export function ConfirmWarning({
  warning,
  label,
}: {
  warning: FormReply["warning"];
  label: string;
}) {
  if (!warning) return null;
  return (
    <div className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      <p role="alert" className="flex items-start gap-2 font-medium">
        <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        {warning.message}
      </p>
      <label className="mt-2 flex items-center gap-2">
        <input
          type="checkbox"
          name={warning.name}
          value={warning.confirm}
          className="h-4 w-4 accent-brand-700"
        />
        {label}
      </label>
    </div>
  );
}
