import { useSyncExternalStore } from "react";

/** A cart item, stored as JSON in local storage `cart`. price is dollars, for display only. */
export interface CartItem {
  /** product id, or `${productId}_${variationId}` for a size of a product. */
  id: string;
  /** product name with the size in brackets: "Blue Dream (3.5g)". */
  name: string;
  price: number;
  image: string;
  quantity: number;
  selectedSize?: string;
  /** Dried-cannabis mg in one unit, for refusing an addition past 30 g (the server checks again). */
  driedMg?: number | null;
}

const CART_STORAGE_KEY = "cart";
/** The most of one item a cart line can hold. */
export const MAX_LINE_QUANTITY = 99;
const CHANGE_EVENT = "budz:cart-change";
const EMPTY: CartItem[] = [];

export function cartItemId(productId: string, variationId?: string | null): string {
  return variationId ? `${productId}_${variationId}` : productId;
}

export function parseCartItemId(id: string): { productId: string; variationId?: string } {
  const [productId, variationId] = id.split("_");
  return { productId: productId!, variationId };
}

function isCartItem(value: unknown): value is CartItem {
  const item = value as CartItem;
  return (
    typeof item === "object" &&
    item !== null &&
    typeof item.id === "string" &&
    typeof item.name === "string" &&
    typeof item.price === "number" &&
    Number.isInteger(item.quantity) &&
    item.quantity > 0
  );
}

/**
 * Parses the stored cart; anything corrupt resets to empty
 * (docs/product/cart-and-checkout.md#cart).
 */
export function parseCart(raw: string | null): CartItem[] {
  if (!raw) return EMPTY;
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) && value.every(isCartItem) ? value : EMPTY;
  } catch {
    return EMPTY;
  }
}

/** Same id and size raises the quantity; otherwise the item is appended. */
export function addItem(cart: CartItem[], item: CartItem): CartItem[] {
  const existing = cart.find((c) => c.id === item.id && c.selectedSize === item.selectedSize);
  if (!existing) return [...cart, item];
  const quantity = Math.min(existing.quantity + item.quantity, MAX_LINE_QUANTITY);
  return cart.map((c) => (c === existing ? { ...c, quantity } : c));
}

/** A quantity of 0 or less removes the item. */
export function setQuantity(cart: CartItem[], id: string, quantity: number): CartItem[] {
  if (quantity <= 0) return cart.filter((c) => c.id !== id);
  const capped = Math.min(quantity, MAX_LINE_QUANTITY);
  return cart.map((c) => (c.id === id ? { ...c, quantity: capped } : c));
}

export function removeItem(cart: CartItem[], id: string): CartItem[] {
  return cart.filter((c) => c.id !== id);
}

export function cartCount(cart: CartItem[]): number {
  return cart.reduce((sum, item) => sum + item.quantity, 0);
}

/** What the server is told about the cart: ids and quantities (it prices everything itself). */
export function cartLines(cart: CartItem[]): { id: string; quantity: number }[] {
  return cart.map(({ id, quantity }) => ({ id, quantity }));
}

/**
 * Copies the server's current name, price (cents) and dried-cannabis amount into the stored items
 * that differ.
 */
export function refreshPrices(
  cart: CartItem[],
  quoted: { id: string; name: string; priceCents: number; driedMg?: number | null }[],
): CartItem[] {
  let changed = false;
  const next = cart.map((item) => {
    const line = quoted.find((q) => q.id === item.id);
    if (
      !line ||
      (line.name === item.name &&
        Math.round(item.price * 100) === line.priceCents &&
        (line.driedMg === undefined || line.driedMg === item.driedMg))
    )
      return item;
    changed = true;
    const driedMg = line.driedMg === undefined ? item.driedMg : line.driedMg;
    return { ...item, name: line.name, price: line.priceCents / 100, driedMg };
  });
  return changed ? next : cart;
}

// Browser store: one parsed snapshot, shared by every component, kept in sync across tabs.
let snapshot: CartItem[] | undefined;

function read(): CartItem[] {
  if (snapshot === undefined) {
    const raw = window.localStorage.getItem(CART_STORAGE_KEY);
    snapshot = parseCart(raw);
    if (raw && snapshot === EMPTY && raw !== "[]") window.localStorage.removeItem(CART_STORAGE_KEY);
  }
  return snapshot;
}

function writeCart(cart: CartItem[]) {
  snapshot = cart;
  window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(cart));
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

export function updateCart(change: (cart: CartItem[]) => CartItem[]) {
  const current = read();
  const next = change(current);
  if (next !== current) writeCart(next);
}

function subscribe(onChange: () => void) {
  const onStorage = (event: StorageEvent) => {
    if (event.key === CART_STORAGE_KEY || event.key === null) {
      snapshot = undefined;
      onChange();
    }
  };
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener("storage", onStorage);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener("storage", onStorage);
  };
}

/** The cart in React: empty during server rendering, the stored cart after hydration. */
export function useCart(): CartItem[] {
  return useSyncExternalStore(subscribe, read, () => EMPTY);
}

/** Empties the cart and forgets the applied promo code (after an order is placed). */
export function clearCart() {
  writeCart(EMPTY);
  setAppliedCoupon(null);
}

// The promo code applied in the drawer, carried to the checkout (validated again by the server).
const COUPON_STORAGE_KEY = "cartCoupon";
const COUPON_EVENT = "budz:cart-coupon";

export function setAppliedCoupon(code: string | null) {
  if (code) window.localStorage.setItem(COUPON_STORAGE_KEY, code);
  else window.localStorage.removeItem(COUPON_STORAGE_KEY);
  window.dispatchEvent(new Event(COUPON_EVENT));
}

export function useAppliedCoupon(): string | null {
  return useSyncExternalStore(
    (onChange) => {
      const onStorage = (event: StorageEvent) => {
        if (event.key === COUPON_STORAGE_KEY || event.key === null) onChange();
      };
      window.addEventListener(COUPON_EVENT, onChange);
      window.addEventListener("storage", onStorage);
      return () => {
        window.removeEventListener(COUPON_EVENT, onChange);
        window.removeEventListener("storage", onStorage);
      };
    },
    () => window.localStorage.getItem(COUPON_STORAGE_KEY),
    () => null,
  );
}

// Whether the cart drawer is open: the header's cart button opens it, the drawer closes it.
let drawerOpen = false;
const DRAWER_EVENT = "budz:cart-drawer";

export function setCartDrawerOpen(open: boolean) {
  drawerOpen = open;
  window.dispatchEvent(new Event(DRAWER_EVENT));
}

export function useCartDrawerOpen(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      window.addEventListener(DRAWER_EVENT, onChange);
      return () => window.removeEventListener(DRAWER_EVENT, onChange);
    },
    () => drawerOpen,
    () => false,
  );
}
