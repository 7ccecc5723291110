/**
 * Signs in through the admin sign-in form as a browser would (same-origin post) and returns the
 * session cookie as `name=value`, for the benchmark scripts' admin requests.
 */
export async function adminSessionCookie(
  base: string,
  credentials: { username: string; password: string },
  headers: Record<string, string> = {},
): Promise<string> {
  const response = await fetch(`${base}/budzadmin?index`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(credentials),
  });
  const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0];
  if (!cookie) throw new Error(`Signing in as ${credentials.username} failed (${response.status})`);
  return cookie;
}
