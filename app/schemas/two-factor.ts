import { z } from "zod";
import { formRules } from "~/lib/form";

const TWO_FACTOR_FORM_MESSAGES = {
  code: "Enter the 6-digit code your authenticator app shows",
  signInCode: "Enter the 6-digit code from your app, or a recovery code",
  proof: "Enter your password or a current code from your app",
} as const;

const text = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: message });

/** Sign-in's second step: a TOTP code or a recovery code (which one is told by its shape). */
const TwoFactorSignInSchema = z.object({
  code: text(TWO_FACTOR_FORM_MESSAGES.signInCode, 40),
});
export const twoFactorSignInForm = formRules(TwoFactorSignInSchema);

/** Confirming the setup, or generating new recovery codes: a current code. */
const TwoFactorCodeSchema = z.object({ code: text(TWO_FACTOR_FORM_MESSAGES.code, 20) });
export const twoFactorCodeForm = formRules(TwoFactorCodeSchema);

/** Turning two-factor off: the password, or a current code. */
const TwoFactorOffSchema = z.object({ proof: text(TWO_FACTOR_FORM_MESSAGES.proof, 500) });
export const twoFactorOffForm = formRules(TwoFactorOffSchema);
