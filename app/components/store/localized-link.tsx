import type { ComponentProps } from "react";
import { Link as RouterLink, NavLink as RouterNavLink } from "react-router";
import { useLocalePath } from "~/lib/i18n/use-locale";

/**
 * The storefront's <Link> and <NavLink>: an absolute path ("/products") is taken to the page's
 * language (/fr/products on a French page). Relative paths ("?page=2") are kept as they are.
 */
export function Link({ to, ...props }: ComponentProps<typeof RouterLink>) {
  const localize = useLocalePath();
  return <RouterLink {...props} to={typeof to === "string" ? localize(to) : to} />;
}

export function NavLink({ to, ...props }: ComponentProps<typeof RouterNavLink>) {
  const localize = useLocalePath();
  return <RouterNavLink {...props} to={typeof to === "string" ? localize(to) : to} />;
}
