/** Five stars filled to the rating (text glyphs: one card shows dozens of these), and the figure. */
export function Rating({ value, size = "sm" }: { value: number; size?: "sm" | "md" }) {
  const filled = (Math.max(0, Math.min(5, value)) / 5) * 100;
  return (
    <span className="rating" role="img" aria-label={`Rated ${value.toFixed(1)} out of 5`}>
      <span aria-hidden="true" className={`rating-stars ${size === "sm" ? "text-sm" : "text-xl"}`}>
        ★★★★★
        <span className="rating-fill" style={{ width: `${filled}%` }}>
          ★★★★★
        </span>
      </span>
      <span
        aria-hidden="true"
        className={`${size === "sm" ? "text-xs" : "text-sm"} font-medium text-stone-700`}
      >
        {value.toFixed(1)}
      </span>
    </span>
  );
}
