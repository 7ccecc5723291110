import { useSyncExternalStore } from "react";
import {
  CONTENT_ARTICLE_CLASS,
  CONTENT_BODY_CLASS,
  CONTENT_PAGE_CLASS,
  CONTENT_TITLE_CLASS,
  HOME_HERO_CLASS,
  HOME_HERO_INNER_CLASS,
  HOME_INTRO_CLASS,
} from "~/components/store/page-markup";

export const PREVIEW_WIDTHS = {
  desktop: { label: "Desktop", width: "100%" },
  tablet: { label: "Tablet", width: "768px" },
  mobile: { label: "Mobile", width: "375px" },
} as const;
export type PreviewWidth = keyof typeof PREVIEW_WIDTHS;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const noSubscription = () => () => {};

let cachedStyles = { key: "", html: "" };

/**
 * The store's own CSS, inlined: a stylesheet link would make the sandboxed (opaque-origin) frame
 * fetch it again and stay blank until it arrives. Only the app's stylesheets are taken, not the
 * styles a dialog injects while open, so the frame's document stays the same across renders.
 */
function readStyles(): string {
  const sheets = Array.from(document.styleSheets).filter((sheet) => {
    const node = sheet.ownerNode;
    return (
      node instanceof HTMLLinkElement ||
      (node instanceof HTMLStyleElement && node.dataset.viteDevId)
    );
  });
  const key = sheets.map((sheet) => sheet.href ?? sheet.ownerNode?.textContent?.length).join(" ");
  if (key !== cachedStyles.key) {
    const rules = sheets.flatMap((sheet) => Array.from(sheet.cssRules, (rule) => rule.cssText));
    // A stylesheet still loading has no rules yet: read again on the next render.
    if (rules.length === 0) return "";
    const css = rules.join("\n");
    cachedStyles = { key, html: `<style>${css.replace(/<\/style/gi, "<\\/style")}</style>` };
  }
  return cachedStyles.html;
}

/** The document shown in the frame: the HTML wrapped exactly as the storefront wraps it. */
function previewDocument(options: {
  slug: string;
  title: string;
  html: string;
  styles: string;
  lang: string;
}): string {
  const body =
    options.slug === "home"
      ? `<section class="${HOME_HERO_CLASS}"><div class="${HOME_HERO_INNER_CLASS}"><div class="${HOME_INTRO_CLASS}">${options.html}</div></div></section>`
      : `<div class="${CONTENT_PAGE_CLASS}"><div class="${CONTENT_ARTICLE_CLASS}"><article><h1 class="${CONTENT_TITLE_CLASS}">${escapeHtml(options.title)}</h1><div class="${CONTENT_BODY_CLASS}">${options.html}</div></article></div></div>`;
  return `<!doctype html><html lang="${options.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">${options.styles}</head><body class="bg-stone-50 font-sans text-stone-900 antialiased">${body}</body></html>`;
}

/**
 * A sandboxed frame (no scripts, no same-origin access, no navigation) showing sanitised page HTML
 * as the store shows it, at desktop, tablet or mobile width.
 */
export function PagePreview({
  slug,
  title,
  html,
  width,
  label,
  lang = "en-CA",
}: {
  slug: string;
  title: string;
  html: string;
  width: PreviewWidth;
  label: string;
  /** The language of the previewed text (the French tab previews in fr-CA). */
  lang?: string;
}) {
  const styles = useSyncExternalStore(noSubscription, readStyles, () => "");
  const size = PREVIEW_WIDTHS[width];
  return (
    <div className="overflow-x-auto rounded-lg border border-stone-200 bg-stone-100 p-2">
      <iframe
        title={label}
        sandbox=""
        srcDoc={previewDocument({ slug, title, html, styles, lang })}
        style={{ width: size.width, maxWidth: width === "desktop" ? "100%" : undefined }}
        className="mx-auto block h-[32rem] rounded border border-stone-200 bg-white"
      />
    </div>
  );
}
