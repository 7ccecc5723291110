import { z } from "zod";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "~/lib/account";
import { formRules } from "~/lib/form";
import type { Locale } from "~/lib/i18n/locale";
import { accountMessages } from "~/lib/i18n/messages/account";
import { translator } from "~/lib/i18n/translate";
import { checkoutSchemasIn } from "./checkout";

/** The account forms' rules with their messages in a language. */
function accountSchemas(locale: Locale) {
  const t = translator(accountMessages, locale);

  const AccountEmailSchema = z
    .string({ error: t("emailRequired") })
    .trim()
    .min(1, { error: t("emailRequired") })
    .max(254, { error: t("emailTooLong") })
    .pipe(z.email({ error: t("emailInvalid") }))
    .transform((v) => v.toLowerCase());

  /** A new password: long enough to resist guessing; the email itself is refused. */
  const NewPasswordSchema = z
    .string({ error: t("passwordChoose") })
    .min(1, { error: t("passwordChoose") })
    .min(MIN_PASSWORD_LENGTH, { error: t("passwordTooShort", { min: MIN_PASSWORD_LENGTH }) })
    .max(MAX_PASSWORD_LENGTH, { error: t("passwordTooLong", { max: MAX_PASSWORD_LENGTH }) })
    .refine((v) => v.trim().length >= MIN_PASSWORD_LENGTH, {
      error: t("passwordTooShort", { min: MIN_PASSWORD_LENGTH }),
    });

  const SignUpSchema = z
    .object({ email: AccountEmailSchema, password: NewPasswordSchema })
    .refine((v) => v.password.trim().toLowerCase() !== v.email, {
      path: ["password"],
      error: t("passwordIsEmail"),
    });

  const SignInSchema = z.object({
    email: AccountEmailSchema,
    password: z
      .string({ error: t("passwordRequired") })
      .min(1, { error: t("passwordRequired") })
      .max(MAX_PASSWORD_LENGTH, { error: t("incorrectSignIn") }),
  });

  const EmailOnlySchema = z.object({ email: AccountEmailSchema });

  /** The token of an emailed link: 32 random bytes, base64url. */
  const LinkTokenSchema = z
    .string({ error: t("linkNotValid") })
    .regex(/^[A-Za-z0-9_-]{43}$/, { error: t("linkNotValid") });

  const ResetPasswordSchema = z.object({ token: LinkTokenSchema, password: NewPasswordSchema });

  const VerifyEmailSchema = z.object({
    token: LinkTokenSchema,
    password: z
      .string({ error: t("passwordRequired") })
      .min(1, { error: t("passwordRequired") })
      .max(MAX_PASSWORD_LENGTH, { error: t("incorrectPassword") }),
  });

  const DeleteAccountSchema = z.object({
    confirm: z.literal("on", { error: t("confirmDeletionRequired") }),
    password: z.string().default(""),
  });

  /** A saved address: the checkout's rules (and messages) for the same fields. */
  const checkout = checkoutSchemasIn(locale);
  const shape = checkout.CheckoutSchema.shape;
  const AddressSchema = z
    .object({
      name: shape.name,
      phone: shape.phone,
      street: shape.street,
      city: shape.city,
      province: shape.province,
      postalCode: shape.postalCode,
      isDefault: z.boolean(),
    })
    .superRefine(checkout.checkPostalCodeProvince);

  return {
    SignUpSchema,
    SignInSchema,
    LinkTokenSchema,
    AddressSchema,
    forms: {
      signUpForm: formRules(SignUpSchema),
      signInForm: formRules(SignInSchema),
      /** The email of a sign-in link or of a password reset. */
      emailOnlyForm: formRules(EmailOnlySchema),
      /** The emailed sign-in link's page: its button posts the token. */
      signInLinkForm: formRules(z.object({ token: LinkTokenSchema })),
      resetPasswordForm: formRules(ResetPasswordSchema),
      verifyEmailForm: formRules(VerifyEmailSchema),
      /** Deleting the account: the box ticked, and the password when the account has one. */
      deleteAccountForm: formRules(DeleteAccountSchema),
      /** Add or edit a saved address (the checkout's rules for the same fields). */
      addressForm: formRules(AddressSchema, (form) => addressFormValues(form)),
    },
  };
}

const english = accountSchemas("en");
const french = accountSchemas("fr");

/** The account forms with their messages in the page's language. */
export function accountForms(locale: Locale) {
  return (locale === "fr" ? french : english).forms;
}

export const { SignUpSchema, SignInSchema, LinkTokenSchema, AddressSchema } = english;
export type AddressInput = z.infer<typeof AddressSchema>;

/** How many addresses one account can save. */
export const MAX_ADDRESSES = 20;

export const {
  signUpForm,
  signInForm,
  emailOnlyForm,
  signInLinkForm,
  resetPasswordForm,
  verifyEmailForm,
  deleteAccountForm,
  addressForm,
} = english.forms;

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
