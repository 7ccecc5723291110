import { describe, expect, it } from "vitest";
import "~/server/time-zones.server";
import { provinceName, provincePhrase } from "~/lib/address";
import { formatGrams, meterText, refuseAddition, summarizeCannabis } from "~/lib/cannabis-limit";
import { formatCouponValue } from "~/lib/coupons";
import {
  feeLabel,
  feeText,
  formatClock,
  fulfilmentLine,
  methodName,
  noFulfilmentMethod,
  noMethodInProvince,
  windowLabel,
  windowShortLabel,
} from "~/lib/fulfilment";
import { canadaPostTrackingUrl, orderStatusLabel } from "~/lib/order-status";
import { paymentDeadline, paymentDeadlineSentence } from "~/lib/payment-deadline";
import { stockBadgeLabel, stockLeftText } from "~/lib/stock";
import {
  ageConfirmationLabel,
  ageConfirmationMissing,
  DEFAULT_PROVINCE_RULES,
  formatRate,
  provinceRefusal,
  taxLineLabel,
  type ProvinceRule,
} from "~/lib/taxes";
import { CheckoutSchema, checkoutFormIn, checkoutSchemasIn } from "~/schemas/checkout";
import { orderLookupFormIn } from "~/schemas/order-lookup";

const rule = (province: string): ProvinceRule =>
  DEFAULT_PROVINCE_RULES.find((r) => r.province === province)!;

describe("the checkout's rules in French", () => {
  it("names provinces with the words French puts before them", () => {
    expect(provinceName("QC", "fr")).toBe("Québec");
    expect(provinceName("BC", "fr")).toBe("Colombie-Britannique");
    expect(provinceName("BC")).toBe("British Columbia");
    expect(provincePhrase("QC", "in", "fr")).toBe("au Québec");
    expect(provincePhrase("ON", "to", "fr")).toBe("en Ontario");
    expect(provincePhrase("PE", "of", "fr")).toBe("de l'Île-du-Prince-Édouard");
  });

  it("writes the 30 g limit in French", () => {
    expect(formatGrams(12_500, "fr")).toBe("12,5\u00a0g");
    expect(meterText(12_500, 30_000, "fr")).toBe("12,5\u00a0g sur 30\u00a0g");
    expect(meterText(12_500)).toBe("12.5 g of 30 g");
    expect(
      summarizeCannabis([{ name: "Rêve bleu", quantity: 5, driedMg: 7000 }], 30_000, "fr"),
    ).toMatchObject({
      message:
        "Votre panier contient 35\u00a0g de cannabis séché ou l'équivalent, au-delà de la limite légale de 30\u00a0g par commande. Veuillez réduire une quantité ou retirer un article.",
    });
    expect(
      refuseAddition(
        [{ id: "a", quantity: 1, driedMg: 28_000 }],
        { id: "b", name: "Rêve bleu", quantity: 1, driedMg: 3500 },
        30_000,
        "fr",
      ),
    ).toBe(
      "Désolé, nous ne pouvons pas ajouter Rêve bleu\u00a0: une commande peut contenir au plus 30\u00a0g de cannabis séché ou l'équivalent, et elle en contiendrait alors 31,5\u00a0g.",
    );
  });

  it("writes fulfilment in French: methods, fees, windows and the order's line", () => {
    expect(methodName("pickup", "fr")).toBe("Cueillette au magasin");
    expect(feeText(0, "fr")).toBe("Gratuit");
    expect(feeText(800, "fr")).toBe("8,00\u00a0$");
    expect(feeLabel("parcel", "fr")).toBe("Expédition (Postes Canada)");
    expect(feeLabel("parcel")).toBe("Shipping (Canada Post)");
    expect(formatClock("16:00", "fr")).toBe("16 h");
    expect(formatClock("09:30", "fr")).toBe("9 h 30");
    const window = { date: "2026-12-01", starts: "16:00", ends: "18:00" };
    expect(windowLabel(window, "fr")).toBe("mardi 1er déc., de 16 h à 18 h");
    expect(windowShortLabel({ ...window, date: "2026-11-30" }, "fr")).toBe(
      "lun. 30 nov., 16 h–18 h",
    );
    expect(windowShortLabel({ ...window, date: "2026-11-30" })).toBe("Mon, Nov 30, 4–6 p.m.");
    const order = {
      fulfilmentMethod: "delivery",
      deliveryDate: "2026-12-01",
      deliveryStarts: "16:00",
      deliveryEnds: "18:00",
      pickupCode: null,
      proofOfAge: null,
    };
    expect(fulfilmentLine(order, "fr")).toBe("Livraison locale, mardi 1er déc., de 16 h à 18 h");
    expect(fulfilmentLine(order)).toBe("Local delivery, Tuesday, Dec 1, 4 p.m. to 6 p.m.");
    const parcel = { ...order, fulfilmentMethod: "parcel", proofOfAge: "PA19" };
    expect(fulfilmentLine({ ...parcel, parcelServiceName: "Expedited Parcel" }, "fr")).toBe(
      "Postes Canada, Colis accélérés, preuve d'âge PA19",
    );
    expect(
      fulfilmentLine({ ...order, fulfilmentMethod: "pickup", pickupCode: "AB3K7M" }, "fr"),
    ).toBe("Cueillette au magasin, code AB3K7M");
    expect(noFulfilmentMethod("fr")).toMatch(/^Désolé, nous n'avons aucun moyen/);
    expect(noMethodInProvince("QC", "fr")).toMatch(/^Désolé, la loi du Québec ne permet pas/);
  });

  it("writes taxes, the age box and province refusals in French", () => {
    expect(formatRate(9975, "fr")).toBe("9,975\u00a0%");
    expect(taxLineLabel({ kind: "QST", ratePer100k: 9975 }, "fr")).toBe("TVQ 9,975\u00a0%");
    expect(taxLineLabel({ kind: "HST", ratePer100k: 13000 })).toBe("HST 13%");
    expect(ageConfirmationLabel(rule("QC"), "fr")).toBe(
      "Je confirme avoir 21 ans ou plus, l'âge légal au Québec, tout comme la personne qui recevra cette commande.",
    );
    expect(ageConfirmationLabel(rule("AB"))).toBe(
      "I confirm I am 19 years of age or older (this store's minimum; the legal age in Alberta is 18) and that the person receiving this order is too.",
    );
    expect(ageConfirmationMissing(rule("QC"), "fr")).toBe(
      "Veuillez confirmer que vous avez 21 ans ou plus, l'âge légal au Québec",
    );
    expect(provinceRefusal({ ...rule("ON"), ships: false }, "fr")).toBe(
      "Désolé, nous n'expédions pas en Ontario. Veuillez choisir une autre province ou un autre territoire.",
    );
    expect(provinceRefusal({ ...rule("ON"), ships: false })).toBe(
      "Sorry, we don't ship to Ontario. Please choose another province or territory.",
    );
  });

  it("writes coupons' values and stock the French way", () => {
    expect(formatCouponValue({ type: "percentage", value: 20 }, "fr")).toBe("20\u00a0%");
    expect(formatCouponValue({ type: "fixed", value: 2000 }, "fr")).toBe("20\u00a0$");
    expect(stockBadgeLabel("out", "fr")).toBe("En rupture de stock");
    expect(stockLeftText(2, "fr")).toBe("2 en stock");
    expect(stockLeftText(1234)).toBe("1,234 left");
  });
});

describe("orders in French", () => {
  it("says what each status means, the payment deadline and the tracking page in French", () => {
    expect(orderStatusLabel("pending", "parcel", "fr").label).toBe("En attente du paiement");
    expect(orderStatusLabel("processing", "pickup", "fr").label).toBe("Prête pour la cueillette");
    expect(orderStatusLabel("processing", "pickup").label).toBe("Ready for pickup");
    const deadline = paymentDeadline(
      new Date("2026-11-24T18:00:00Z"),
      3,
      "America/Vancouver",
      "fr",
    );
    expect(deadline).toBe("vendredi 27 novembre");
    expect(paymentDeadlineSentence(deadline, "fr")).toBe(
      "Votre virement Interac doit arriver au plus tard le vendredi 27 novembre, sinon la commande est annulée et ses articles sont remis en vente.",
    );
    expect(canadaPostTrackingUrl("1234567890123456", "fr")).toContain("/track-reperage/fr#");
  });
});

describe("the checkout's and look-up's forms in French", () => {
  const base = {
    email: "jeanne@example.com",
    phone: "6045550100",
    name: "Jeanne",
    street: "1 rue Principale",
    city: "Vancouver",
    province: "BC",
    postalCode: "V6B 1A1",
    ageConfirmed: true,
    idempotencyKey: "french-form-key-0123456789",
    items: [{ id: "00000000-0000-4000-8000-000000000001", quantity: 1 }],
  };

  it("answers in French on a French page, in English otherwise", () => {
    const french = checkoutSchemasIn("fr").CheckoutSchema.safeParse({
      ...base,
      postalCode: "K1A 0B1",
    });
    expect(french.error?.issues[0]?.message).toBe(
      "Ce code postal n'est pas dans la province ou le territoire choisi",
    );
    const english = CheckoutSchema.safeParse({ ...base, postalCode: "K1A 0B1" });
    expect(english.error?.issues[0]?.message).toBe(
      "This postal code is not in the chosen province or territory",
    );
    const age = checkoutFormIn("fr").schema.safeParse({ ...base, ageConfirmed: false });
    expect(age.error?.issues[0]?.message).toBe(
      "Veuillez confirmer que vous avez 19 ans ou plus pour passer une commande",
    );
    const empty = checkoutFormIn("fr").schema.safeParse({ ...base, items: [] });
    expect(empty.error?.issues[0]?.message).toBe("Votre panier est vide");
  });

  it("the look-up asks for its fields in French", () => {
    const result = orderLookupFormIn("fr").schema.safeParse({ orderNumber: " ", email: "x" });
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      "Veuillez entrer votre numéro de commande",
      "Veuillez entrer une adresse courriel valide",
    ]);
  });
});
