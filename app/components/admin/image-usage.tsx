import { Trash2 } from "lucide-react";
import { href, useLocation, useSubmit } from "react-router";
import { buttonClass } from "./button";
import { ConfirmDialog } from "./modal";

const DELETE_IMAGE_CONFIRMATION =
  "Are you sure you want to delete this image? This action cannot be undone.";

/** The warning shown in a delete confirmation when products still use the image. */
function UsageWarning({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <p className="mt-3 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-800">
      {count === 1 ? "1 product uses" : `${count} products use`} this image; it will show no picture
      until you choose another.
    </p>
  );
}

/** Delete after its confirmation (and the usage warning), posted to the library's action. */
export function DeleteImageButton({
  imageId,
  usedBy,
  size = "md",
  ariaLabel,
}: {
  imageId: string;
  usedBy: number;
  size?: "sm" | "md";
  ariaLabel?: string;
}) {
  const submit = useSubmit();
  const { search } = useLocation();
  return (
    <ConfirmDialog
      title="Delete image"
      message={DELETE_IMAGE_CONFIRMATION}
      confirmLabel="Delete"
      onConfirm={() =>
        void submit(
          { intent: "delete", id: imageId },
          {
            method: "post",
            action: `${href("/budzadmin/dashboard/images")}${search}`,
            preventScrollReset: true,
          },
        )
      }
      trigger={
        <button type="button" className={buttonClass("danger", size)} aria-label={ariaLabel}>
          <Trash2 className="h-4 w-4" aria-hidden /> Delete
        </button>
      }
    >
      <UsageWarning count={usedBy} />
    </ConfirmDialog>
  );
}
