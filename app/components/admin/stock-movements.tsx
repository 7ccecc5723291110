/** "+5" or "−2": stock added in green, taken in red. */
export function QuantityChange({ quantity }: { quantity: number }) {
  return (
    <span
      className={`font-semibold whitespace-nowrap tabular-nums ${quantity > 0 ? "text-brand-700" : "text-red-700"}`}
    >
      {quantity > 0 ? `+${quantity}` : `−${-quantity}`}
    </span>
  );
}
