import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { OrderDetails, OrderStatusBadge } from "~/components/store/order-details";
import type { OrderView } from "~/server/orders/order-view.server";

/** An order as order-view.server.ts gives it to a French page (its texts already French). */
const order: OrderView = {
  orderNumber: "BBS-00001042",
  status: "shipped",
  createdAt: "2026-11-25T18:00:00.000Z",
  placedOn: "25 novembre 2026",
  email: "jeanne@example.com",
  shipping: {
    name: "Jeanne Tremblay",
    street: "1 rue Principale",
    city: "Gatineau",
    province: "QC",
    postalCode: "J8X 1A1",
  },
  items: [{ name: "Blue Dream", sizeLabel: "3.5g", quantity: 2, priceCents: 4500 }],
  subtotalCents: 9000,
  discountCents: 900,
  shippingCostCents: 0,
  fulfilment: {
    method: "parcel",
    feeLabel: "Expédition (Postes Canada)",
    line: "Colis Postes Canada, preuve d'âge PA21",
    pickupCode: null,
  },
  taxLines: [
    { kind: "GST", label: "TPS 5\u00a0%", ratePer100k: 5000, taxableCents: 8100, amountCents: 405 },
  ],
  totalAmountCents: 8505,
  paymentReceivedCents: 8505,
  refundedCents: 0,
  couponCode: "SAVE10",
  paymentDeadline: null,
  shipment: {
    carrier: "Canada Post",
    trackingNumber: "1234567890123456",
    trackingUrl: "https://www.canadapost-postescanada.ca/track-reperage/fr#/search?searchFor=1",
    estimatedDelivery: null,
  },
  trackingEvents: [],
};

function text(element: React.ReactElement, path: string) {
  return renderToString(<MemoryRouter initialEntries={[path]}>{element}</MemoryRouter>)
    .replace(/<!-- -->/g, "")
    .replace(/&#x27;/g, "'")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");
}

describe("an order's details on a French page", () => {
  it("are in French, money and province included", () => {
    const shown = text(<OrderDetails order={order} />, "/fr/orders/x");
    expect(shown).toContain("Expédiée par Postes Canada");
    expect(shown).toContain("Suivre avec Postes Canada");
    expect(shown).toContain("Articles");
    expect(shown).toContain("2 × 45,00 $");
    expect(shown).toContain("Rabais (SAVE10) -9,00 $");
    expect(shown).toContain("Expédition (Postes Canada) GRATUIT");
    expect(shown).toContain("TPS 5 % 4,05 $");
    expect(shown).toContain("Livraison à");
    expect(shown).toContain("Gatineau, Québec J8X 1A1");
    expect(shown).not.toMatch(/Shipped with|Subtotal|Discount|Items/);
    expect(text(<OrderStatusBadge status="shipped" />, "/fr/orders/x")).toContain("Expédiée");
  });

  it("stay English at today's URLs", () => {
    const shown = text(<OrderDetails order={order} />, "/orders/x");
    expect(shown).toContain("Shipped with Canada Post");
    expect(shown).toContain("2 × $45.00");
    expect(shown).toContain("Discount (SAVE10) -$9.00");
    expect(shown).toContain("Gatineau, Quebec J8X 1A1");
    expect(text(<OrderStatusBadge status="shipped" />, "/orders/x")).toContain("Shipped");
  });
});
