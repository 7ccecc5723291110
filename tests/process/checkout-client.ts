import type { RunningServer } from "./server-harness";

/** A shopper's checkout post, as the checkout page sends it (used by process tests and the battery). */
export function checkoutForm(
  key: string,
  items: { id: string; quantity: number }[],
  extra: Record<string, string> = {},
) {
  return new URLSearchParams({
    email: `crash-${key.slice(0, 6)}@example.com`,
    phone: "604-555-0199",
    name: "Crash Test",
    street: "1 Test St",
    city: "Vancouver",
    province: "BC",
    postalCode: "V6B 1A1",
    ageConfirmed: "on",
    idempotencyKey: key,
    items: JSON.stringify(items),
    ...extra,
  });
}

/** Posts a checkout; the token of the order when the server acknowledged it (its redirect). */
export async function submit(server: RunningServer, form: URLSearchParams): Promise<string | null> {
  try {
    const response = await fetch(`${server.url}/checkout`, {
      method: "POST",
      body: form,
      redirect: "manual",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
    });
    const location = response.headers.get("location") ?? "";
    const match = /^\/orders\/([A-Za-z0-9_-]+)\?placed=1$/.exec(location);
    return response.status === 302 && match ? match[1]! : null;
  } catch {
    return null; // the connection died with the server: not acknowledged
  }
}
