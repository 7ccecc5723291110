import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  acceptsStep,
  base32Encode,
  formatRecoveryCode,
  groupSecret,
  matchedSteps,
  normalizeRecoveryCode,
  normalizeTotpCode,
  RECOVERY_ALPHABET,
  recoveryCodeFrom,
  recoveryCodesFile,
  timeStep,
} from "./two-factor";

describe("TOTP time steps and replay", () => {
  it("counts 30-second steps from the epoch (RFC 6238)", () => {
    expect(timeStep(0)).toBe(0);
    expect(timeStep(29_999)).toBe(0);
    expect(timeStep(30_000)).toBe(1);
    // RFC 6238's test vector time 59 s is step 1, 1111111109 s is step 37037036.
    expect(timeStep(59_000)).toBe(1);
    expect(timeStep(1_111_111_109_000)).toBe(37_037_036);
  });

  it("places a matched code between the steps read before and after the check", () => {
    expect(matchedSteps({ before: 100, after: 100, delta: -1 })).toEqual({
      earliest: 99,
      latest: 99,
    });
    // A boundary passed during the check: the code may belong to either step.
    expect(matchedSteps({ before: 100, after: 101, delta: 1 })).toEqual({
      earliest: 101,
      latest: 102,
    });
  });

  it("accepts a code only when newer than the last step used", () => {
    expect(acceptsStep({ earliest: 100 }, null)).toBe(true);
    expect(acceptsStep({ earliest: 101 }, 100)).toBe(true);
    // The same code again, or the previous one (still within the window): refused.
    expect(acceptsStep({ earliest: 100 }, 100)).toBe(false);
    expect(acceptsStep({ earliest: 99 }, 100)).toBe(false);
  });

  it("never accepts twice across a step boundary: the latest possible step is remembered", () => {
    // Used while the clock crossed from step 100 to 101 (code of step 100 or 101, delta 0).
    const first = matchedSteps({ before: 100, after: 101, delta: 0 });
    expect(acceptsStep(first, 99)).toBe(true);
    // The same code replayed a moment later (step 101, delta -1 or 0): refused.
    expect(acceptsStep(matchedSteps({ before: 101, after: 101, delta: 0 }), first.latest)).toBe(
      false,
    );
    expect(acceptsStep(matchedSteps({ before: 101, after: 101, delta: -1 }), first.latest)).toBe(
      false,
    );
    // The next code is accepted.
    expect(acceptsStep(matchedSteps({ before: 101, after: 101, delta: 1 }), first.latest)).toBe(
      true,
    );
  });
});

describe("codes as typed", () => {
  it("takes six digits, with spaces or a dash", () => {
    expect(normalizeTotpCode("123456")).toBe("123456");
    expect(normalizeTotpCode(" 123 456 ")).toBe("123456");
    expect(normalizeTotpCode("123-456")).toBe("123456");
    expect(normalizeTotpCode("12345")).toBeNull();
    expect(normalizeTotpCode("1234567")).toBeNull();
    expect(normalizeTotpCode("12345a")).toBeNull();
  });

  it("makes recovery codes of ten unambiguous characters, read back however they are typed", () => {
    const codes = Array.from({ length: 200 }, () => recoveryCodeFrom((n) => crypto.randomBytes(n)));
    for (const code of codes) {
      expect(code).toHaveLength(10);
      expect([...code].every((c) => RECOVERY_ALPHABET.includes(c))).toBe(true);
      expect(normalizeRecoveryCode(formatRecoveryCode(code).toUpperCase())).toBe(code);
    }
    expect(new Set(codes).size).toBe(codes.length);
    expect(RECOVERY_ALPHABET).not.toMatch(/[01ilo]/);
    expect(formatRecoveryCode("abcdefghjk")).toBe("abcde-fghjk");
    expect(normalizeRecoveryCode(" ABCDE fghjk ")).toBe("abcdefghjk");
    expect(normalizeRecoveryCode("abcde-fghj")).toBeNull();
    expect(normalizeRecoveryCode("abcde-fghj1")).toBeNull();
  });

  it("draws recovery code characters without bias (bytes past the last full alphabet are skipped)", () => {
    // 256 % 31 = 8: bytes 248-255 would favour the first 8 characters; they are drawn again.
    let calls = 0;
    const code = recoveryCodeFrom((n) => {
      calls += 1;
      return calls === 1 ? new Uint8Array(n).fill(250) : new Uint8Array(n).fill(31);
    });
    expect(calls).toBe(2);
    expect(code).toBe(RECOVERY_ALPHABET[0]!.repeat(10));
  });
});

describe("the secret as shown", () => {
  it("encodes base32 as RFC 4648 does (no padding) and groups it by four", () => {
    const bytes = (text: string) => new TextEncoder().encode(text);
    expect(base32Encode(bytes(""))).toBe("");
    expect(base32Encode(bytes("f"))).toBe("MY");
    expect(base32Encode(bytes("foobar"))).toBe("MZXW6YTBOI");
    expect(base32Encode(bytes("12345678901234567890"))).toBe("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
    expect(groupSecret("GEZDGNBVGY3TQOJQ")).toBe("GEZD GNBV GY3T QOJQ");
  });
});

describe("the recovery codes' file", () => {
  it("is named after the store and the admin, and holds the codes one a line", () => {
    const codes = ["ab12-cd34", "ef56-gh78"];
    const file = recoveryCodesFile({ storeName: "Budz Boutique", username: "Tina.M", codes });
    expect(file.fileName).toBe("budz-boutique-tina-m-recovery-codes.txt");
    expect(file.text.split("\n")).toEqual(expect.arrayContaining(codes));
    expect(file.text).toMatch(/^Budz Boutique: two-factor recovery codes for Tina\.M\n/);
  });
});
