import type { ComponentProps } from "react";
import { useNavigate } from "react-router";
import { useLocalePath } from "~/lib/i18n/use-locale";

/**
 * A link to a page of the store by its absolute path, for the storefront's many links (a category
 * page has about a hundred): on a plain click it navigates in the page like React Router's <Link>,
 * for the render cost of an anchor. <Link> resolves its path against the matched routes each time
 * it renders (about 9 µs a link on the server, the largest part of a product card's cost); an
 * absolute path needs none of that. Relative links ("?page=2") stay <Link>s. The path is taken to
 * the page's language (/fr/… on a French page).
 */
export function PageLink({
  to,
  onClick,
  ...props
}: Omit<ComponentProps<"a">, "href"> & { to: `/${string}` }) {
  const navigate = useNavigate();
  const href = useLocalePath()(to);
  return (
    <a
      {...props}
      href={href}
      // React Router fetches the routes of links marked so before they are followed.
      data-discover="true"
      onClick={(event) => {
        onClick?.(event);
        const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
        if (event.defaultPrevented || event.button !== 0 || modified) return;
        if (props.target && props.target !== "_self") return;
        event.preventDefault();
        // As <Link>: following a link to the page already shown replaces its history entry.
        const here = window.location.pathname + window.location.search + window.location.hash;
        void navigate(href, { replace: here === href });
      }}
    />
  );
}
