import { z } from "zod";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "~/lib/account";
import { postalCodeMatchesProvince } from "~/lib/address";
import { formRules } from "~/lib/form";
import { CheckoutSchema } from "./checkout";

const AccountEmailSchema = z
  .string({ error: "Please enter your email address" })
  .trim()
  .min(1, { error: "Please enter your email address" })
  .max(254, { error: "Email must be at most 254 characters" })
  .pipe(z.email({ error: "Please enter a valid email address" }))
  .transform((v) => v.toLowerCase());

/** A new password: long enough to resist guessing; the email itself is refused. */
const NewPasswordSchema = z
  .string({ error: "Please choose a password" })
  .min(1, { error: "Please choose a password" })
  .min(MIN_PASSWORD_LENGTH, {
    error: `Your password must be at least ${MIN_PASSWORD_LENGTH} characters`,
  })
  .max(MAX_PASSWORD_LENGTH, {
    error: `Your password must be at most ${MAX_PASSWORD_LENGTH} characters`,
  })
  .refine((v) => v.trim().length >= MIN_PASSWORD_LENGTH, {
    error: `Your password must be at least ${MIN_PASSWORD_LENGTH} characters`,
  });

export const SignUpSchema = z
  .object({ email: AccountEmailSchema, password: NewPasswordSchema })
  .refine((v) => v.password.trim().toLowerCase() !== v.email, {
    path: ["password"],
    error: "Please choose a password that is not your email address",
  });

export const SignInSchema = z.object({
  email: AccountEmailSchema,
  password: z
    .string({ error: "Please enter your password" })
    .min(1, { error: "Please enter your password" })
    .max(MAX_PASSWORD_LENGTH, { error: "Incorrect email or password" }),
});

const EmailOnlySchema = z.object({ email: AccountEmailSchema });

export const signUpForm = formRules(SignUpSchema);
export const signInForm = formRules(SignInSchema);
/** The email of a sign-in link or of a password reset. */
export const emailOnlyForm = formRules(EmailOnlySchema);

/** The token of an emailed link: 32 random bytes, base64url. */
export const LinkTokenSchema = z
  .string({ error: "This link is not valid." })
  .regex(/^[A-Za-z0-9_-]{43}$/, { error: "This link is not valid." });

/** The emailed sign-in link's page: its button posts the token. */
export const signInLinkForm = formRules(z.object({ token: LinkTokenSchema }));

const ResetPasswordSchema = z.object({
  token: LinkTokenSchema,
  password: NewPasswordSchema,
});

export const resetPasswordForm = formRules(ResetPasswordSchema);

const VerifyEmailSchema = z.object({
  token: LinkTokenSchema,
  password: z
    .string({ error: "Please enter your password" })
    .min(1, { error: "Please enter your password" })
    .max(MAX_PASSWORD_LENGTH, { error: "Incorrect password" }),
});

export const verifyEmailForm = formRules(VerifyEmailSchema);

/** Deleting the account: the box ticked, and the password when the account has one. */
export const deleteAccountForm = formRules(
  z.object({
    confirm: z.literal("on", {
      error: "Please tick the box to confirm you want to delete your account.",
    }),
    password: z.string().default(""),
  }),
);

const shape = CheckoutSchema.shape;

/** A saved address: the checkout's rules for the same fields. */
export const AddressSchema = z
  .object({
    name: shape.name,
    phone: shape.phone,
    street: shape.street,
    city: shape.city,
    province: shape.province,
    postalCode: shape.postalCode,
    isDefault: z.boolean(),
  })
  .superRefine((value, ctx) => {
    if (!postalCodeMatchesProvince(value.postalCode, value.province)) {
      ctx.addIssue({
        code: "custom",
        path: ["postalCode"],
        message: "This postal code is not in the chosen province or territory",
      });
    }
  });
export type AddressInput = z.infer<typeof AddressSchema>;

/** How many addresses one account can save. */
export const MAX_ADDRESSES = 20;

/** Add or edit a saved address (the checkout's rules for the same fields). */
export const addressForm = formRules(AddressSchema, (form) => addressFormValues(form));

export function addressFormValues(form: FormData) {
  const get = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  return {
    name: get("name"),
    phone: get("phone"),
    street: get("street"),
    city: get("city"),
    province: get("province"),
    postalCode: get("postalCode"),
    isDefault: form.get("isDefault") === "on" || form.get("isDefault") === "true",
  };
}
