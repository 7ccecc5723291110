import { z } from "zod";
import { formRules } from "~/lib/form";
import { ADMIN_ROLES } from "~/lib/permissions";

const STAFF_MESSAGES = {
  email: "Enter an email address, e.g. sam@example.com",
  username: "Use 3 to 40 letters, digits, dots, dashes or underscores (no spaces)",
  displayName: "Enter a name of 1 to 80 characters",
  role: "Choose Owner, Manager or Staff",
  passwordShort: "Use at least 10 characters",
  passwordLong: "Use at most 200 characters",
  passwordMatch: "The two passwords are not the same",
  currentPassword: "Enter your current password",
} as const;

const role = z.enum(ADMIN_ROLES, { error: STAFF_MESSAGES.role });
const displayName = z
  .string({ error: STAFF_MESSAGES.displayName })
  .trim()
  .min(1, { error: STAFF_MESSAGES.displayName })
  .max(80, { error: STAFF_MESSAGES.displayName });
const newPassword = z
  .string({ error: STAFF_MESSAGES.passwordShort })
  .min(10, { error: STAFF_MESSAGES.passwordShort })
  .max(200, { error: STAFF_MESSAGES.passwordLong });

/** Invite an admin: where the link goes, the name they sign in with, and their role. */
const StaffInviteSchema = z.object({
  email: z
    .string({ error: STAFF_MESSAGES.email })
    .trim()
    .pipe(z.email({ error: STAFF_MESSAGES.email }).max(254, { error: STAFF_MESSAGES.email })),
  username: z
    .string({ error: STAFF_MESSAGES.username })
    .trim()
    .regex(/^[A-Za-z0-9._-]{3,40}$/, { error: STAFF_MESSAGES.username }),
  displayName,
  role,
});
export const staffInviteForm = formRules(StaffInviteSchema);

const StaffRoleSchema = z.object({ id: z.uuid(), role });
export const staffRoleForm = formRules(StaffRoleSchema);

const StaffIdSchema = z.object({ id: z.uuid() });
export const staffIdForm = formRules(StaffIdSchema);

const confirmation = {
  newPassword,
  confirmPassword: z.string().optional(),
};
const samePasswords = (v: { newPassword: string; confirmPassword?: string }) =>
  v.newPassword === v.confirmPassword;
const mismatch = { error: STAFF_MESSAGES.passwordMatch, path: ["confirmPassword"] };

/** The invitation page: the invited admin's name and password. */
const InviteAcceptSchema = z
  .object({ displayName, ...confirmation })
  .refine(samePasswords, mismatch);
export const inviteAcceptForm = formRules(InviteAcceptSchema);

/** My profile: the display name. */
const ProfileNameSchema = z.object({ displayName });
export const profileNameForm = formRules(ProfileNameSchema);

/** My profile: a new password, the current one required. */
const PasswordChangeSchema = z
  .object({
    currentPassword: z
      .string({ error: STAFF_MESSAGES.currentPassword })
      .min(1, { error: STAFF_MESSAGES.currentPassword })
      .max(500, { error: STAFF_MESSAGES.currentPassword }),
    ...confirmation,
  })
  .refine(samePasswords, mismatch);
export const passwordChangeForm = formRules(PasswordChangeSchema);
