import { variantUrl } from "~/lib/images";

/**
 * The store's mark and name: the owner's logo (Settings → Store) when set, else the leaf mark.
 * `nameClassName` sizes the name (and may clamp it: a name can be 80 characters long).
 */
export function Logo({
  name,
  logoUrl = null,
  className = "",
  nameClassName = "text-lg",
  imageClassName = "max-w-32",
}: {
  name: string;
  logoUrl?: string | null;
  className?: string;
  nameClassName?: string;
  imageClassName?: string;
}) {
  return (
    <span
      className={`inline-flex min-w-0 items-center gap-2 font-bold tracking-tight ${className}`}
    >
      {logoUrl ? (
        <img
          src={variantUrl(logoUrl, 320) ?? logoUrl}
          alt=""
          width={32}
          height={32}
          className={`h-8 w-auto shrink-0 object-contain ${imageClassName}`}
        />
      ) : (
        <svg viewBox="0 0 64 64" aria-hidden="true" className="h-8 w-8 shrink-0">
          <rect width="64" height="64" rx="14" fill="#18412b" />
          <path
            d="M32 10c4 8 5 15 2 23 6-7 13-10 20-10-5 7-12 12-19 13 7 1 13 5 16 9-7 0-13-2-17-6v15h-4V39c-4 4-10 6-17 6 3-4 9-8 16-9-7-1-14-6-19-13 7 0 14 3 20 10-3-8-2-15 2-23z"
            fill="#bef264"
          />
        </svg>
      )}
      <span className={`min-w-0 [overflow-wrap:anywhere] ${nameClassName}`}>{name}</span>
    </span>
  );
}
