import { describe, expect, it } from "vitest";
import { formErrors as fieldErrors } from "~/lib/form";
import { checkoutFormValues, CheckoutSchema } from "./checkout";

function form(values: Record<string, string>) {
  const data = new FormData();
  for (const [k, v] of Object.entries(values)) data.set(k, v);
  return data;
}

const valid = {
  email: " Jane.Doe@Example.com ",
  phone: "(604) 555-0199",
  name: "Jane Doe",
  street: "123 Main St",
  city: "Vancouver",
  province: "BC",
  postalCode: "v6b1a1",
  ageConfirmed: "on",
  idempotencyKey: "k7Yd0b3c9a8e7f6d5c4b",
  items: JSON.stringify([{ id: "p1_v1", quantity: 2 }]),
};

describe("CheckoutSchema", () => {
  it("accepts a complete form and normalises it", () => {
    const result = CheckoutSchema.safeParse(checkoutFormValues(form(valid)));
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({
      email: "jane.doe@example.com",
      phone: "604-555-0199",
      postalCode: "V6B 1A1",
      province: "BC",
      ageConfirmed: true,
      couponCode: undefined,
      items: [{ id: "p1_v1", quantity: 2 }],
    });
  });

  it("gives a message per field", () => {
    const result = CheckoutSchema.safeParse(
      checkoutFormValues(
        form({ ...valid, email: "nope", phone: "12", postalCode: "12345", ageConfirmed: "" }),
      ),
    );
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)).toEqual({
      email: "Please enter a valid email address",
      phone: "Please enter a 10-digit phone number",
      postalCode: "Please enter a Canadian postal code like A1A 1A1",
      ageConfirmed: "Please confirm you are 19 or older to place an order",
    });
  });

  it("refuses a postal code from another province", () => {
    const result = CheckoutSchema.safeParse(
      checkoutFormValues(form({ ...valid, postalCode: "K1A 0B1" })),
    );
    expect(fieldErrors(result.error!)).toEqual({
      postalCode: "This postal code is not in the chosen province or territory",
    });
  });

  it("refuses an empty, corrupt or oversized cart", () => {
    for (const items of ["[]", "{oops", JSON.stringify([{ id: "p1", quantity: 1000 }])]) {
      const result = CheckoutSchema.safeParse(checkoutFormValues(form({ ...valid, items })));
      expect(fieldErrors(result.error!).items).toBeTruthy();
    }
  });

  it("refuses an unknown province", () => {
    const result = CheckoutSchema.safeParse(checkoutFormValues(form({ ...valid, province: "ZZ" })));
    expect(fieldErrors(result.error!)).toEqual({
      province: "Please choose a province or territory",
    });
  });
});
