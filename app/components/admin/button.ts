const BASE =
  "inline-flex items-center justify-center gap-2 rounded-lg font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60";

const VARIANTS = {
  primary: "bg-brand-700 text-white shadow-sm hover:bg-brand-800",
  secondary: "border border-stone-300 bg-white text-stone-800 shadow-sm hover:bg-stone-50",
  danger: "bg-red-600 text-white shadow-sm hover:bg-red-700",
  ghost: "text-stone-600 hover:bg-stone-100 hover:text-stone-900",
  dangerGhost: "text-red-600 hover:bg-red-50 hover:text-red-700",
} as const;

const SIZES = {
  sm: "h-8 px-3 text-sm",
  md: "h-10 px-4 text-sm",
  icon: "h-9 w-9",
} as const;

/** Classes for a button or a link that looks like one, so both stay identical. */
export function buttonClass(
  variant: keyof typeof VARIANTS = "primary",
  size: keyof typeof SIZES = "md",
  extra = "",
): string {
  return `${BASE} ${VARIANTS[variant]} ${SIZES[size]} ${extra}`.trim();
}
