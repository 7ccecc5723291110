import { describe, expect, it } from "vitest";
import { isSlug } from "~/lib/slug";
import { plainText } from "~/schemas/text";
import { CartLinesSchema, CheckoutSchema } from "~/schemas/checkout";
import { decodeCursor, encodeCursor, InvalidCursorError } from "~/server/catalog/listing.server";
import { parseConfig } from "~/server/config.server";
import { clientAddress } from "~/server/http/client-address.server";
import {
  formProblem,
  readForm,
  UNREADABLE_FORM,
  WRONG_CONTENT_TYPE,
} from "~/server/http/form.server";

// Regression tests for the cases the hardening battery's black-box probe (npm run battery)
// answered with a 500.

const post = (type: string | undefined, body?: BodyInit) =>
  new Request("http://store.test/checkout", {
    method: "POST",
    headers: type ? { "Content-Type": type } : {},
    body,
  });

async function refusal(request: Request) {
  try {
    await readForm(request);
  } catch (error) {
    const e = error as { init?: { status?: number }; data?: { message?: string } };
    return { status: e.init?.status, message: e.data?.message };
  }
  return null;
}

describe("readForm", () => {
  it("refuses bodies that are not a form with 415 and a message", async () => {
    for (const type of ["application/json", "text/plain", "application/xml", undefined]) {
      expect(await refusal(post(type, '{"email":"a@b.ca"}'))).toEqual({
        status: 415,
        message: WRONG_CONTENT_TYPE,
      });
    }
  });

  it("refuses a broken multipart body with 400", async () => {
    expect(await refusal(post("multipart/form-data", "--x\r\n"))).toEqual({
      status: 400,
      message: UNREADABLE_FORM,
    });
    const truncated = '--abc\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b';
    expect(await refusal(post("multipart/form-data; boundary=abc", truncated))).toEqual({
      status: 400,
      message: UNREADABLE_FORM,
    });
  });

  it("strips control characters from every text value and name", async () => {
    const form = await readForm(
      post("application/x-www-form-urlencoded", "na%00me=Jane%00Doe&city=Van%01couver%0A"),
    );
    expect(form.get("name")).toBe("JaneDoe");
    expect(form.get("city")).toBe("Vancouver\n");
    const multipart = await readForm(
      post(
        "multipart/form-data; boundary=abc",
        '--abc\r\nContent-Disposition: form-data; name="email"\r\n\r\na\u0000@b.ca\r\n--abc--\r\n',
      ),
    );
    expect(multipart.get("email")).toBe("a@b.ca");
  });

  it("accepts both form encodings, with parameters", () => {
    expect(formProblem(post("application/x-www-form-urlencoded; charset=UTF-8"))).toBeNull();
    expect(formProblem(post('multipart/form-data; boundary="----x"'))).toBeNull();
    expect(formProblem(post("multipart/form-data"), ["multipart/form-data"])).toMatchObject({
      status: 400,
    });
  });
});

describe("text inputs", () => {
  it("plainText strips NUL and other controls before the database", () => {
    expect(plainText(50).parse("WEL\u0000COME\u0007")).toBe("WELCOME");
  });

  it("the checkout schema strips NUL from the name, street and city", () => {
    const parsed = CheckoutSchema.parse({
      email: "a\u0000@example.com",
      phone: "604-555-0100",
      name: "Jane\u0000 Doe",
      street: "1 Main\u0000 St",
      city: "Van\u0000couver",
      province: "BC",
      postalCode: "V6B 1A1",
      ageConfirmed: true,
      couponCode: "SAVE\u000010",
      idempotencyKey: "0123456789abcdef0123",
      items: [{ id: "00000000-0000-4000-8000-000000000000", quantity: 1 }],
    });
    expect(parsed).toMatchObject({
      email: "a@example.com",
      name: "Jane Doe",
      street: "1 Main St",
      city: "Vancouver",
      couponCode: "SAVE10",
    });
  });

  it("cart lines refuse ids a product could never have", () => {
    for (const id of ["a\u0000b", '{"$ne":1}', "not a uuid"]) {
      expect(CartLinesSchema.safeParse([{ id, quantity: 1 }]).success).toBe(false);
    }
    expect(CartLinesSchema.safeParse([{ id: "x", quantity: 1e300 }]).success).toBe(false);
  });

  it("slugs with NUL, slashes or spaces are not slugs (the page answers 404)", () => {
    expect(isSlug("blue-dream-3-5g")).toBe(true);
    for (const slug of ["a\u0000b", "../x", "a b", "", "A", "-a", "x".repeat(121)]) {
      expect(isSlug(slug)).toBe(false);
    }
  });
});

describe("listing cursors", () => {
  const id = "00000000-0000-4000-8000-000000000000";
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

  it("round-trip", () => {
    expect(decodeCursor(encodeCursor(1500, id), "price-asc")).toEqual({ value: 1500, id });
    expect(decodeCursor(encodeCursor("Blue Dream", id), "name")).toEqual({
      value: "Blue Dream",
      id,
    });
  });

  it("refuses crafted JSON with InvalidCursorError (the page answers 400)", () => {
    const crafted: [unknown, string][] = [
      [[1e300, id], "price-asc"],
      [[2 ** 31, id], "price-desc"],
      [[1.5, id], "price-asc"],
      [["cheap", id], "price-asc"],
      [[1, id], "name"],
      [["a", "not-a-uuid"], "name"],
      [[null, null], "rating"],
      [[99, id], "rating"],
      [{ value: 1, id }, "price-asc"],
      ["text", "name"],
    ];
    for (const [value, sort] of crafted) {
      expect(() => decodeCursor(b64(value), sort as "name")).toThrow(InvalidCursorError);
    }
    expect(() => decodeCursor("!!!", "name")).toThrow(InvalidCursorError);
  });
});

describe("client address behind proxies", () => {
  const address = (forwardedFor: string | undefined, trustedHops: number) =>
    clientAddress({ forwardedFor, socketAddress: "::ffff:10.0.0.1", trustedHops });

  it("ignores X-Forwarded-For without TRUST_PROXY", () => {
    expect(address("1.2.3.4", 0)).toBe("10.0.0.1");
  });

  it("takes the Nth value from the right, never what the client wrote on the left", () => {
    expect(address("6.6.6.6, 203.0.113.7", 1)).toBe("203.0.113.7");
    expect(address("6.6.6.6, 7.7.7.7, 203.0.113.7", 1)).toBe("203.0.113.7");
    expect(address("6.6.6.6, 203.0.113.7, 10.1.1.1", 2)).toBe("203.0.113.7");
    expect(address("203.0.113.7", 2)).toBe("203.0.113.7");
    expect(address(undefined, 1)).toBe("10.0.0.1");
  });

  it("TRUST_PROXY takes a number of hops (1 for the old yes/true)", () => {
    expect(parseConfig({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(parseConfig({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(1);
    expect(parseConfig({}).TRUST_PROXY).toBe(0);
    expect(() => parseConfig({ TRUST_PROXY: "all" })).toThrow(/TRUST_PROXY/);
  });
});
