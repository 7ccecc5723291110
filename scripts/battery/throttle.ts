// The battery's throttle figures, measured from outside like the probe of issue 10: how many wrong
// passwords (and order look-ups) the server actually evaluated under a flood, whether the owner
// still gets in from elsewhere, and what a rotated X-Forwarded-For buys behind TRUST_PROXY=1.

interface Target {
  baseUrl: string;
  username: string;
  password: string;
  orderNumber: string;
}

async function post(t: Target, path: string, body: Record<string, string>, address: string) {
  try {
    const response = await fetch(t.baseUrl + path, {
      method: "POST",
      redirect: "manual",
      headers: {
        Origin: t.baseUrl,
        "Content-Type": "application/x-www-form-urlencoded",
        "X-Forwarded-For": address,
      },
      body: new URLSearchParams(body),
    });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 599;
  }
}

const signIn = (t: Target, password: string, address: string) =>
  post(t, "/budzadmin?index", { username: t.username, password }, address);

function tally(statuses: number[]) {
  const counts = new Map<number, number>();
  for (const s of statuses) counts.set(s, (counts.get(s) ?? 0) + 1);
  return counts;
}

export async function measureThrottle(t: Target) {
  // 1,000 wrong passwords at once from one address: 401 = evaluated, 429 = refused unevaluated.
  const flood = tally(
    await Promise.all(
      Array.from({ length: 1000 }, () => signIn(t, "wrong-password", "203.0.113.7")),
    ),
  );
  // The owner, right after, from another address.
  const owner = await signIn(t, t.password, "198.51.100.23");
  // 300 wrong tries, each with a different left-most X-Forwarded-For (what a client can write);
  // the proxy appends the address it saw, which is the one that counts with TRUST_PROXY=1.
  const rotated: number[] = [];
  for (let i = 0; i < 300; i += 30) {
    rotated.push(
      ...(await Promise.all(
        Array.from({ length: 30 }, (_, j) =>
          signIn(t, "wrong-password", `10.${(i + j) >> 8}.${(i + j) & 255}.1, 203.0.113.99`),
        ),
      )),
    );
  }
  const rotatedTally = tally(rotated);
  // The owner again, from the address that signed in before (judged apart).
  const ownerKnown = await signIn(t, t.password, "198.51.100.23");
  // 1,000 order look-ups at once for one order number with wrong emails, from one address.
  const lookups = tally(
    await Promise.all(
      Array.from({ length: 1000 }, (_, i) =>
        post(
          t,
          "/order-lookup",
          { orderNumber: t.orderNumber, email: `guess${i}@example.com` },
          "203.0.113.8",
        ),
      ),
    ),
  );
  return {
    floodEvaluated: flood.get(401) ?? 0,
    floodRefused: flood.get(429) ?? 0,
    floodOther: 1000 - (flood.get(401) ?? 0) - (flood.get(429) ?? 0),
    ownerStatus: owner,
    ownerKnownStatus: ownerKnown,
    rotatedEvaluated: rotatedTally.get(401) ?? 0,
    rotatedRefused: rotatedTally.get(429) ?? 0,
    lookupsEvaluated: lookups.get(404) ?? 0,
    lookupsRefused: lookups.get(429) ?? 0,
    lookupsOther: [...lookups].filter(([s]) => s !== 404 && s !== 429),
  };
}
