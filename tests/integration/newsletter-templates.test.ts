import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { couponCodesNamed } from "~/lib/coupons";
import {
  newsletterTemplates,
  TEMPLATE_COUPONS,
  type TemplateCoupon,
} from "~/lib/newsletter-templates";
import * as newslettersScreen from "~/routes/admin/newsletters/list";
import { createAdminUser } from "~/server/auth/admin-users.server";
import { createAdminSession } from "~/server/auth/session.server";
import { db } from "~/server/db.server";
import { checkCoupon } from "~/server/marketing/coupons.server";
import { coupons } from "~/server/db-tables";
import { generateCoupons } from "~/server/seed/sample-data.server";
import { resetDatabase } from "../setup/database";
import { callRoute } from "../setup/route-call";

/**
 * The newsletter Quick Templates never advertise a code shoppers would be refused: every code a
 * template names is one of the seeded sample coupons (WEEKEND20, once named, is none: the sale
 * names WEEKEND25), and the screen offers only the store's active coupons to the templates.
 */
beforeEach(resetDatabase);

const named = (usable: readonly TemplateCoupon[]) =>
  newsletterTemplates("Budz Boutique", "https://shop.test", usable).flatMap((t) => [
    ...couponCodesNamed(t.subject),
    ...couponCodesNamed(t.body),
  ]);

describe("coupon codes in the newsletter templates", () => {
  it("are all seeded coupons, which a shopper can apply", async () => {
    await generateCoupons({ now: new Date("2026-06-12T18:00:00Z") });
    const seeded = (await db().select().from(coupons)) as (typeof coupons.$inferSelect &
      TemplateCoupon)[];
    const seededCodes = seeded.map((c) => c.code);
    for (const code of Object.values(TEMPLATE_COUPONS)) expect(seededCodes).toContain(code);
    const advertised = named(seeded);
    expect(advertised.sort()).toEqual(["WEEKEND25", "WELCOME20"]);
    for (const code of advertised) expect(seededCodes).toContain(code);
    // The sale's code works on an order its template's words cover ($25 or more, on a Friday).
    const check = await checkCoupon({
      code: "WEEKEND25",
      subtotalCents: 2500,
      now: new Date("2026-06-12T18:00:00Z"),
    });
    expect(check).toMatchObject({ ok: true });
  });

  it("are given to the screen from the store's active coupons only", async () => {
    await generateCoupons();
    await db().update(coupons).set({ isActive: false }).where(eq(coupons.code, "WELCOME20"));
    const admin = await createAdminUser({ username: "news-owner", password: "owner-pass-1" });
    const cookie = (await createAdminSession({ userId: admin.id })).split(";")[0]!;
    const data = (await callRoute(
      newslettersScreen,
      "loader",
      new Request("http://store.test/budzadmin/dashboard/newsletters", {
        headers: { Cookie: cookie },
      }),
    )) as { usableCoupons: TemplateCoupon[] };
    const codes = data.usableCoupons.map((c) => c.code);
    expect(codes).toContain("WEEKEND25");
    expect(codes).not.toContain("WELCOME20");
    expect(named(data.usableCoupons)).toEqual(["WEEKEND25"]);
  });
});
