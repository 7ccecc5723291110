import { TriangleAlert } from "lucide-react";

/**
 * Settings' and the Overview's warning to owners about where a store with real orders keeps its
 * data and backups (app/server/backup/storage-warnings.server.ts); nothing when all is well.
 */
export function StorageWarnings({ warnings }: { warnings: string[] }) {
  if (warnings.length === 0) return null;
  return (
    <aside
      aria-label="Data safety"
      className="mb-6 flex gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <div className="min-w-0 space-y-1 break-words">
        {warnings.map((warning) => (
          <p key={warning}>{warning}</p>
        ))}
      </div>
    </aside>
  );
}
