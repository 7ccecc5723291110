import { useCallback, useMemo, useState } from "react";
import { useFieldError } from "~/components/form/form";
import { THUMBNAIL_SLOTS } from "~/lib/product-fields";
import { ImageSlot } from "./image-picker";

/** The product form's main image and thumbnails, each picked from the library or uploaded. */
export function ProductImagesFields({
  imageUrl,
  thumbnailUrls,
}: {
  imageUrl: string;
  thumbnailUrls: string[];
}) {
  const thumbnailsError = useFieldError("thumbnails");
  const [image, setImage] = useState(imageUrl);
  const [thumbnails, setThumbnails] = useState<string[]>(() =>
    Array.from({ length: THUMBNAIL_SLOTS }, (_, i) => thumbnailUrls[i] ?? ""),
  );
  const setThumbnail = useCallback(
    (index: number) => (url: string) =>
      setThumbnails((current) => current.map((u, i) => (i === index ? url : u))),
    [],
  );
  const thumbnailSetters = useMemo(
    () => Array.from({ length: THUMBNAIL_SLOTS }, (_, i) => setThumbnail(i)),
    [setThumbnail],
  );

  return (
    <fieldset>
      <legend className="mb-3 text-sm font-semibold tracking-wide text-stone-500 uppercase">
        Images
      </legend>
      <div className="grid gap-6 md:grid-cols-[auto_1fr]">
        <ImageSlot
          name="image"
          label="Main Product Image"
          required
          value={image}
          onChange={setImage}
          errorName="image"
        />
        <div className="grid grid-cols-2 gap-4 sm:grid-cols-4">
          {thumbnails.map((url, i) => (
            <ImageSlot
              key={i}
              name="thumbnail"
              label={`Thumbnail ${i + 1}`}
              compact
              value={url}
              onChange={thumbnailSetters[i]!}
              errorName={`thumbnails.${i}`}
            />
          ))}
        </div>
      </div>
      {thumbnailsError ? (
        <p className="mt-2 text-xs font-medium text-red-600">{thumbnailsError}</p>
      ) : null}
    </fieldset>
  );
}
