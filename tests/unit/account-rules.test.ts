import { describe, expect, it } from "vitest";
import { accountNotice, MIN_PASSWORD_LENGTH } from "~/lib/account";
import {
  AddressSchema,
  addressFormValues,
  LinkTokenSchema,
  SignInSchema,
  SignUpSchema,
} from "~/schemas/account";
import { formErrors as fieldErrors } from "~/lib/form";

const errorsOf = (result: { success: boolean; error?: unknown }) =>
  result.success ? {} : fieldErrors(result.error as never);

describe("sign-up rules", () => {
  it("lower-cases and trims the email, and needs a 10-character password", () => {
    const ok = SignUpSchema.safeParse({ email: "  Ana@Example.COM ", password: "a".repeat(10) });
    expect(ok.success && ok.data.email).toBe("ana@example.com");
    expect(MIN_PASSWORD_LENGTH).toBe(10);
    expect(
      errorsOf(SignUpSchema.safeParse({ email: "ana@example.com", password: "123456789" })),
    ).toEqual({
      password: "Your password must be at least 10 characters",
    });
    expect(
      errorsOf(SignUpSchema.safeParse({ email: "ana@example.com", password: "          " })),
    ).toEqual({
      password: "Your password must be at least 10 characters",
    });
  });

  it("refuses a malformed email, an empty form and the email as password", () => {
    expect(errorsOf(SignUpSchema.safeParse({ email: "ana@", password: "long enough pw" }))).toEqual(
      {
        email: "Please enter a valid email address",
      },
    );
    expect(errorsOf(SignUpSchema.safeParse({ email: "", password: "" }))).toEqual({
      email: "Please enter your email address",
      password: "Please choose a password",
    });
    expect(
      errorsOf(
        SignUpSchema.safeParse({ email: "ana.long@example.com", password: "Ana.Long@example.com" }),
      ),
    ).toEqual({ password: "Please choose a password that is not your email address" });
    expect(
      errorsOf(SignUpSchema.safeParse({ email: "a@b.co", password: "x".repeat(201) })),
    ).toEqual({
      password: "Your password must be at most 200 characters",
    });
  });

  it("sign-in only needs a password to be present", () => {
    expect(SignInSchema.safeParse({ email: "a@b.co", password: "x" }).success).toBe(true);
    expect(errorsOf(SignInSchema.safeParse({ email: "a@b.co", password: "" }))).toEqual({
      password: "Please enter your password",
    });
  });
});

describe("emailed link tokens", () => {
  it("are 43 base64url characters; anything else is 'not valid'", () => {
    expect(LinkTokenSchema.safeParse("A".repeat(43)).success).toBe(true);
    for (const bad of ["", "A".repeat(42), "A".repeat(44), `${"A".repeat(42)}=`, null]) {
      const result = LinkTokenSchema.safeParse(bad);
      expect(result.success).toBe(false);
      if (!result.success) expect(result.error.issues[0]!.message).toBe("This link is not valid.");
    }
  });
});

describe("saved addresses", () => {
  const form = (values: Record<string, string>) => {
    const data = new FormData();
    for (const [k, v] of Object.entries(values)) data.set(k, v);
    return addressFormValues(data);
  };
  it("normalise phone and postal code like checkout, and read the default checkbox", () => {
    const parsed = AddressSchema.parse(
      form({
        name: "Ana",
        phone: "1 (604) 555-0101",
        street: "1 Main",
        city: "Vancouver",
        province: "BC",
        postalCode: "v6b1a1",
        isDefault: "on",
      }),
    );
    expect(parsed).toMatchObject({ phone: "604-555-0101", postalCode: "V6B 1A1", isDefault: true });
  });
  it("refuse a postal code from another province", () => {
    const result = AddressSchema.safeParse(
      form({
        name: "Ana",
        phone: "6045550101",
        street: "1 Main",
        city: "Toronto",
        province: "ON",
        postalCode: "V6B 1A1",
      }),
    );
    expect(errorsOf(result)).toEqual({
      postalCode: "This postal code is not in the chosen province or territory",
    });
  });
});

describe("account notices", () => {
  it("show only the fixed messages", () => {
    expect(accountNotice("signed-out")).toBe("You are signed out.");
    expect(accountNotice("<script>")).toBeUndefined();
    expect(accountNotice("toString")).toBeUndefined();
    expect(accountNotice(null)).toBeUndefined();
  });
});
