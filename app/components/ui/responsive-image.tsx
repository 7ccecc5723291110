import { imageSrcSet } from "~/lib/images";

/** Every product and content image goes through here: srcset of the stored variants, fixed size. */
export function ResponsiveImage({
  src,
  alt,
  sizes,
  width,
  height,
  priority = false,
  className,
}: {
  src: string;
  alt: string;
  sizes: string;
  width: number;
  height: number;
  priority?: boolean;
  className?: string;
}) {
  return (
    <img
      src={src || "/favicon.svg"}
      srcSet={src ? imageSrcSet(src) : undefined}
      sizes={sizes}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? "eager" : "lazy"}
      decoding="async"
      fetchPriority={priority ? "high" : undefined}
      className={className}
    />
  );
}
