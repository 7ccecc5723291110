export const DELETE_IMAGE_CONFIRMATION =
  "Are you sure you want to delete this image? This action cannot be undone.";

/** The warning shown in a delete confirmation when products still use the image. */
export function UsageWarning({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <p className="mt-3 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-800">
      {count === 1 ? "1 product uses" : `${count} products use`} this image; it will show no picture
      until you choose another.
    </p>
  );
}
