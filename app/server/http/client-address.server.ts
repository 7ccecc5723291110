/**
 * The client's address for throttling. With TRUST_PROXY=N (N proxies of ours in front of the
 * server, each appending the address it saw to X-Forwarded-For) it is the Nth value from the
 * right: the one our outermost proxy wrote. Values further left were written by the client and
 * prove nothing. Without trusted proxies, or when the header has fewer hops than expected, the
 * socket's own peer (or the left-most value our proxies could have written) is used.
 */
export function clientAddress(options: {
  forwardedFor: string | undefined | null;
  socketAddress: string | undefined | null;
  trustedHops: number;
}): string {
  const socket = normalize(options.socketAddress ?? "") || "unknown";
  if (options.trustedHops <= 0 || !options.forwardedFor) return socket;
  const hops = options.forwardedFor
    .split(",")
    .map((value) => normalize(value))
    .filter(Boolean);
  if (hops.length === 0) return socket;
  return hops[Math.max(0, hops.length - options.trustedHops)]!;
}

function normalize(value: string): string {
  const trimmed = value.trim().slice(0, 100);
  // IPv4 seen through an IPv6 socket ("::ffff:10.0.0.1") is the same client as "10.0.0.1".
  return trimmed.startsWith("::ffff:") && trimmed.includes(".") ? trimmed.slice(7) : trimmed;
}
