import { z } from "zod";
import { formRules } from "~/lib/form";

export const AdminLoginSchema = z.object({
  username: z
    .string({ error: "Username is required" })
    .trim()
    .min(1, { error: "Username is required" })
    .max(100, { error: "Invalid username or password" }),
  password: z
    .string({ error: "Password is required" })
    .min(1, { error: "Password is required" })
    .max(500, { error: "Invalid username or password" }),
});
export type AdminLogin = z.infer<typeof AdminLoginSchema>;

/** The admin sign-in form (checked by the server only: zod stays off the sign-in page). */
export const adminLoginForm = formRules(AdminLoginSchema);
