import fs from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import type { Catalogue, Message, Messages } from "~/lib/i18n/translate";

/**
 * The English of every storefront catalogue (app/lib/i18n/messages), as the pieces a page would
 * show: each message split at its placeholders and marked parts. A French page must show none of
 * them (those the French catalogue writes the same are skipped: "FAQ", "Total").
 */
interface EnglishPieces {
  /** Pieces of two words or more: looked for anywhere in the page's text. */
  phrases: Set<string>;
  /** Single words ("Cart", "Search"): looked for as a whole text or attribute only. */
  words: Set<string>;
}

const MESSAGES_DIR = path.resolve("app/lib/i18n/messages");
let pieces: Promise<EnglishPieces> | undefined;

function forms(message: Message): string[] {
  return typeof message === "string" ? [message] : [message.one, message.other];
}

async function loadPieces(): Promise<EnglishPieces> {
  const phrases = new Set<string>();
  const words = new Set<string>();
  for (const file of fs.readdirSync(MESSAGES_DIR).filter((f) => f.endsWith(".ts"))) {
    const exports = (await import(path.join(MESSAGES_DIR, file))) as Record<string, unknown>;
    for (const value of Object.values(exports)) {
      const catalogue = value as Catalogue<Messages>;
      if (!catalogue?.en || !catalogue.fr) continue;
      for (const [key, english] of Object.entries(catalogue.en)) {
        const french = new Set(forms(catalogue.fr[key]!));
        for (const text of forms(english)) {
          if (french.has(text)) continue;
          for (const raw of text.split(/\{\w+\}|<\/?\w+>/)) {
            const piece = raw
              .replace(/\s+/g, " ")
              .trim()
              .replace(/^[,.:;!?()–—-]+|[,.:;()–—-]+$/g, "")
              .trim();
            // A piece the French keeps too (a brand such as INTERAC, "Indica") is not English left.
            if (!/[A-Za-z]{2}/.test(piece) || [...french].some((f) => f.includes(piece))) continue;
            if (/\s/.test(piece)) phrases.add(piece);
            else if (piece.length >= 3) words.add(piece);
          }
        }
      }
    }
  }
  return { phrases, words };
}

/** The page's texts as a shopper or a screen reader meets them: text nodes, labels, the title. */
function pageTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    // Text in English on purpose (the language switch, the suggestion to read in English) says so.
    const inEnglishOnPurpose = (element: Element) =>
      element.closest("[lang]")?.getAttribute("lang")?.startsWith("en") ?? false;
    const texts: string[] = [document.title];
    const walker = document.createTreeWalker(
      document.body,
      NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT,
    );
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.nodeType === Node.TEXT_NODE) {
        const parent = node.parentElement;
        if (!parent || ["SCRIPT", "STYLE", "TEMPLATE", "NOSCRIPT"].includes(parent.tagName))
          continue;
        if (!inEnglishOnPurpose(parent)) texts.push(node.textContent ?? "");
        continue;
      }
      const element = node as Element;
      if (inEnglishOnPurpose(element)) continue;
      for (const name of ["aria-label", "title", "alt", "placeholder", "aria-description"]) {
        const value = element.getAttribute(name);
        if (value) texts.push(value);
      }
    }
    return texts.map((t) => t.replace(/\s+/g, " ").trim()).filter(Boolean);
  });
}

/** The English catalogue texts found among `texts` (a page's, an email's lines). */
export async function englishIn(texts: readonly string[], allow: readonly string[] = []) {
  const { phrases, words } = await (pieces ??= loadPieces());
  const whole = ` ${texts.join(" \u0000 ")} `;
  const found = [
    ...[...phrases].filter((phrase) => whole.includes(phrase)),
    ...texts.filter((text) => words.has(text)),
  ].filter((piece) => !allow.some((data) => data.includes(piece) || piece.includes(data)));
  return [...new Set(found)];
}

/**
 * Fails with the list of English catalogue texts found on the (French) page. `allow` names pieces
 * that are store data on this page (a product or store name that happens to read as English).
 */
export async function expectNoEnglish(page: Page, allow: readonly string[] = []) {
  expect(await englishIn(await pageTexts(page), allow), `English left on ${page.url()}`).toEqual(
    [],
  );
}
