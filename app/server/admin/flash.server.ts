import crypto from "node:crypto";
import { createCookie, href, redirect } from "react-router";
import { config } from "../config.server";

interface Toast {
  id: string;
  type: "success" | "error";
  message: string;
}

let cookie: ReturnType<typeof createCookie> | undefined;

/** One-shot message shown after a save (set by an action, read and cleared by the shell). */
function flashCookie() {
  cookie ??= createCookie("budz_admin_flash", {
    path: href("/budzadmin"),
    httpOnly: true,
    sameSite: "lax",
    secure: config().publicUrl.startsWith("https:"),
    maxAge: 60,
    // Signed so a toast can't be planted from outside; without SESSION_SECRET a per-process key
    // (a toast set by one instance and read by another is then just dropped).
    secrets: [config().SESSION_SECRET ?? crypto.randomBytes(32).toString("hex")],
  });
  return cookie;
}

export async function flashHeader(message: string, type: Toast["type"] = "success") {
  const toast: Toast = { id: crypto.randomBytes(6).toString("hex"), type, message };
  return flashCookie().serialize(toast);
}

/** Redirects after a save, carrying the toast to show on the next page. */
export async function redirectWithToast(
  to: string,
  message: string,
  type: Toast["type"] = "success",
) {
  return redirect(to, { headers: { "Set-Cookie": await flashHeader(message, type) } });
}

/** The pending toast (if any) and the header that clears it. */
export async function readToast(
  request: Request,
): Promise<{ toast?: Toast; clearHeader?: string }> {
  const value = (await flashCookie().parse(request.headers.get("Cookie"))) as Partial<Toast> | null;
  if (!value || typeof value.message !== "string" || typeof value.id !== "string") return {};
  const toast: Toast = {
    id: value.id,
    type: value.type === "error" ? "error" : "success",
    message: value.message.slice(0, 300),
  };
  return { toast, clearHeader: await flashCookie().serialize("", { maxAge: 0 }) };
}
