import { describe, expect, it } from "vitest";
import { fail, Refusal, refusalFailure } from "./errors";

describe("a refusal (thrown to roll a transaction back) as the failure it answers", () => {
  it("carries the status and message, and the one field at fault with that message", () => {
    const refusal = new Refusal(422, "Lower a quantity.", "lines.0.quantity");
    expect(refusal).toBeInstanceOf(Error);
    expect(refusal.message).toBe("Lower a quantity.");
    expect(refusal.field).toBe("lines.0.quantity");
    expect(refusalFailure(refusal)).toEqual({
      ok: false,
      status: 422,
      message: "Lower a quantity.",
      errors: { "lines.0.quantity": "Lower a quantity." },
    });
  });

  it("has no errors without a field, and keeps several fields' messages as given", () => {
    expect(refusalFailure(new Refusal(404, "This order does not exist."))).toStrictEqual(
      fail(404, "This order does not exist."),
    );
    const failure = fail(400, "Not on this order.", {
      "lines.1.quantity": "Not on this order.",
      form: "Not on this order.",
    });
    expect(refusalFailure(Refusal.of(failure))).toStrictEqual(failure);
  });

  it("is null for any other error, so the caller throws it on", () => {
    expect(refusalFailure(new Error("connection lost"))).toBeNull();
    expect(refusalFailure("not an error")).toBeNull();
  });
});
