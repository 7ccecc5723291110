import { z } from "zod";

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
