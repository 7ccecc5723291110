import { describe, expect, it } from "vitest";
import { localizedSizeLabel } from "~/components/store/size-picker";
import { parseCatalogQuery } from "~/lib/catalog-query";
import { potencyLabel, potencyProperties, potencyUnit, type PotencyValues } from "~/lib/potency";

const values = (thc: number | null, cbd: number | null): PotencyValues => ({
  thcTenths: thc,
  totalThcTenths: null,
  cbdTenths: cbd,
  totalCbdTenths: null,
});

describe("potency in French", () => {
  it("writes decimal commas and French words; English is unchanged", () => {
    expect(potencyLabel("dried", values(2255, 5), null, "fr")).toBe("THC 225,5 mg/g · CBD <1 mg/g");
    expect(potencyLabel("edible", values(20, 0), { size: "5", sizeUnit: "pieces" }, "fr")).toBe(
      "2\u00a0mg de THC · 0\u00a0mg de CBD par pièce (10\u00a0mg de THC dans 5\u00a0pièces)",
    );
    expect(potencyLabel("liquid", values(25, null), null, "fr")).toBe(
      "2,5\u00a0mg de THC par unité",
    );
    expect(potencyLabel("edible", values(20, 0), { size: "5", sizeUnit: "pieces" })).toBe(
      "2 mg THC · 0 mg CBD per piece (10 mg THC in 5 pieces)",
    );
    expect(potencyUnit("unit", "fr")).toBe("mg par unité");
    expect(potencyUnit("unit")).toBe("mg per unit");
    const total = { ...values(null, null), totalThcTenths: 100 };
    expect(potencyProperties("edible", total, "fr")).toEqual([
      { "@type": "PropertyValue", name: "THC total", value: 10, unitText: "mg par unité" },
    ]);
    expect(potencyProperties("edible", total)[0]?.name).toBe("Total THC");
  });
});

describe("listing query refusals in French", () => {
  const refusal = (search: string, locale?: "en" | "fr") => {
    const parsed = parseCatalogQuery(new URLSearchParams(search), locale);
    return parsed.ok ? null : parsed.message;
  };
  it("says why in the page's language, English as before", () => {
    expect(refusal("sort=cheap", "fr")).toBe("Ordre de tri inconnu\u00a0: «\u00a0cheap\u00a0».");
    expect(refusal("sort=cheap")).toBe('Unknown sort order "cheap".');
    expect(refusal("thcMin=20&thcMax=10", "fr")).toBe("Le THC minimum dépasse le THC maximum.");
    expect(refusal("thcMin=20&thcMax=10")).toBe("The minimum THC is above the maximum THC.");
    expect(refusal("cbdMax=abc", "fr")).toMatch(
      /^Le CBD maximum doit être un nombre de 0 à 1\s000/,
    );
    expect(refusal("cbdMax=abc")).toBe(
      "The maximum CBD must be a number from 0 to 1000, with one decimal at most.",
    );
    expect(refusal("page=0", "fr")).toBe("Le numéro de page n’est pas valide.");
    expect(refusal("strain=indica&strain=sativa", "fr")).toBe(
      "Choisissez une seule espèce au plus.",
    );
  });
});

describe("sizes in French", () => {
  it("translates the words and writes decimal commas; English is sizeLabel's", () => {
    expect(localizedSizeLabel({ size: "3.5", sizeUnit: "g" }, "fr")).toBe("3,5g");
    expect(localizedSizeLabel({ size: "10", sizeUnit: "pieces" }, "fr")).toBe("10 pièces");
    expect(localizedSizeLabel({ size: "1", sizeUnit: "pieces" }, "fr")).toBe("1 pièce");
    expect(localizedSizeLabel({ size: "2", sizeUnit: "pack" }, "fr")).toBe("2 paquets");
    expect(localizedSizeLabel({ size: "3.5", sizeUnit: "g" }, "en")).toBe("3.5g");
    expect(localizedSizeLabel({ size: "10", sizeUnit: "pieces" }, "en")).toBe("10 pieces");
  });
});
