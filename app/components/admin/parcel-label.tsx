import { TriangleAlert } from "lucide-react";
import { parcelNotes, type Parcel } from "~/lib/parcel";

/**
 * A Canada Post parcel where staff buy its label: the Proof of Age option and the weight, then
 * what to do about the weight (pack it up to the minimum, or weigh it).
 */
export function ParcelLabel({ parcel }: { parcel: Parcel }) {
  const { label, notes } = parcelNotes(parcel);
  return (
    <div className="rounded-lg border border-stone-200 bg-stone-50 px-3 py-2 text-sm">
      <p className="font-medium text-stone-900">{label}</p>
      {notes.map((note) => (
        <p key={note} className="mt-1 flex gap-1.5 text-amber-800">
          <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          {note}
        </p>
      ))}
    </div>
  );
}

/**
 * The same in a list's cell, short enough for the row: "PA19 · 120 g", "PA19 · 50 g (minimum)",
 * or "PA19 · weigh it" when a size has no packed weight (the whole text in its title).
 */
export function ParcelBrief({ parcel }: { parcel: Parcel }) {
  const { label, notes } = parcelNotes(parcel);
  return (
    <p className="text-xs text-stone-600" title={[label, ...notes].join("\n")}>
      <span className="sr-only">Proof of Age </span>
      {parcel.proofOfAge} ·{" "}
      {parcel.missing.length > 0 ? (
        <span className="font-medium text-amber-800">weigh it</span>
      ) : (
        `${parcel.grams} g${parcel.raised ? " (minimum)" : ""}`
      )}
    </p>
  );
}
