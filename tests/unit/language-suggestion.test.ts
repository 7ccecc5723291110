import { describe, expect, it } from "vitest";
import { suggestedLocale } from "~/lib/language-suggestion";

describe("the browser-language suggestion", () => {
  it("offers French on an English page to a browser that prefers French", () => {
    expect(suggestedLocale("en", ["fr-CA", "en-CA"], null)).toBe("fr");
    expect(suggestedLocale("en", ["fr"], null)).toBe("fr");
  });

  it("offers English on a French page to a browser that prefers English", () => {
    expect(suggestedLocale("fr", ["en-US", "fr-CA"], null)).toBe("en");
  });

  it("offers nothing when the page is already in the browser's language", () => {
    expect(suggestedLocale("fr", ["fr-CA", "en"], null)).toBeUndefined();
    expect(suggestedLocale("en", ["en-CA"], null)).toBeUndefined();
  });

  it("ranks by the browser's order and skips languages the store does not have", () => {
    expect(suggestedLocale("en", ["es-MX", "fr-FR", "en"], null)).toBe("fr");
    expect(suggestedLocale("fr", ["de", "en-GB"], null)).toBe("en");
    expect(suggestedLocale("en", ["es", "de"], null)).toBeUndefined();
  });

  it("offers nothing without languages", () => {
    expect(suggestedLocale("en", [], null)).toBeUndefined();
    expect(suggestedLocale("en", undefined, null)).toBeUndefined();
  });

  it("never offers again once a choice is stored, whichever it was", () => {
    expect(suggestedLocale("en", ["fr-CA"], "en")).toBeUndefined();
    expect(suggestedLocale("en", ["fr-CA"], "fr")).toBeUndefined();
    expect(suggestedLocale("fr", ["en"], "fr")).toBeUndefined();
    expect(suggestedLocale("en", ["fr-CA"], "")).toBe("fr");
  });
});
