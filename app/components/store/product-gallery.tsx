import { useState } from "react";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { productPageMessages } from "~/lib/i18n/messages/product-page";
import { useT } from "~/lib/i18n/use-locale";

/** Main image plus thumbnails; choosing a thumbnail shows it as the main image. */
export function ProductGallery({ images, name }: { images: string[]; name: string }) {
  const t = useT(productPageMessages);
  const [current, setCurrent] = useState(0);
  const main = images[current] ?? "";
  return (
    <div>
      <div className="aspect-square overflow-hidden rounded-3xl border border-stone-200 bg-stone-100">
        <ResponsiveImage
          src={main}
          alt={name}
          width={960}
          height={960}
          sizes="(min-width: 1024px) 600px, 100vw"
          priority
          className="h-full w-full object-cover"
        />
      </div>
      {images.length > 1 ? (
        <ul className="mt-4 grid grid-cols-5 gap-3" aria-label={t("productImages")}>
          {images.map((src, i) => (
            <li key={src}>
              <button
                type="button"
                onClick={() => setCurrent(i)}
                aria-label={t("showImage", {
                  number: String(i + 1),
                  total: String(images.length),
                })}
                aria-pressed={i === current}
                className={`block aspect-square w-full overflow-hidden rounded-xl border-2 bg-stone-100 ${
                  i === current ? "border-brand-700" : "border-transparent hover:border-stone-300"
                }`}
              >
                <ResponsiveImage
                  src={src}
                  alt=""
                  width={320}
                  height={320}
                  sizes="120px"
                  className="h-full w-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
