import { describe, expect, it } from "vitest";
import { composeMime } from "./mime.server";

const base = {
  from: { name: "Budz Boutique", address: "orders@budz.example" },
  to: "reader@example.com",
  subject: "Weekend Sale",
  html: '<p>Hi</p><a href="https://budz.example/?a=1">Shop</a>',
  text: "Hi\nShop: https://budz.example/?a=1",
  messageId: "<outbox.0e244145-4993-4096-abbe-1184a2e952b3@budz.example>",
  date: new Date("2026-01-02T03:04:05Z"),
};

/** The message split at its blank line, with its parts by boundary. */
function parse(raw: Buffer) {
  const text = raw.toString("utf8");
  const [head, body] = [
    text.slice(0, text.indexOf("\r\n\r\n")),
    text.slice(text.indexOf("\r\n\r\n") + 4),
  ];
  const boundary = /boundary="([^"]+)"/.exec(head)![1]!;
  const parts = body.split(`--${boundary}`).slice(1, -1);
  return { text, head, boundary, parts, tail: body.split(`--${boundary}`).at(-1) };
}

/** A quoted-printable part's content, decoded (RFC 2045 6.7). */
function decodeQuotedPrintable(part: string): string {
  const encoded = part.slice(part.indexOf("\r\n\r\n") + 4, -2).replace(/=\r\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < encoded.length; i++) {
    if (encoded[i] === "=") {
      bytes.push(parseInt(encoded.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(encoded.charCodeAt(i));
  }
  return Buffer.from(bytes).toString("utf8");
}

/** A header's value, unfolded, its encoded words decoded (RFC 2047: the space between two goes). */
function decodeHeader(head: string, name: string): string {
  const unfolded = head.replace(/\r\n(?=[ \t])/g, "");
  const value = new RegExp(`^${name}: (.*)$`, "m").exec(unfolded)![1]!;
  return value
    .replace(/(\?=)\s+(?==\?UTF-8\?Q\?)/g, "$1")
    .replace(/=\?UTF-8\?Q\?([^?]*)\?=/g, (_, text: string) =>
      Buffer.from(
        text
          .replace(/_/g, " ")
          .replace(/=([0-9A-F]{2})/g, (_hex, hex: string) =>
            String.fromCharCode(parseInt(hex, 16)),
          ),
        "latin1",
      ).toString("utf8"),
    );
}

describe("composeMime", () => {
  it("builds a multipart/alternative message with CRLF line ends and a text and an HTML part", () => {
    const { text, head, parts, tail } = parse(composeMime(base));
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    expect(head.split("\r\n")).toEqual([
      "From: Budz Boutique <orders@budz.example>",
      "To: reader@example.com",
      "Subject: Weekend Sale",
      "Message-ID: <outbox.0e244145-4993-4096-abbe-1184a2e952b3@budz.example>",
      "Date: Fri, 02 Jan 2026 03:04:05 +0000",
      "MIME-Version: 1.0",
      expect.stringMatching(/^Content-Type: multipart\/alternative; boundary="=_budz_/),
    ]);
    expect(parts).toHaveLength(2);
    expect(parts[0]).toContain("Content-Type: text/plain; charset=utf-8");
    expect(parts[0]).toContain("Hi\r\nShop: https://budz.example/?a=3D1");
    expect(parts[1]).toContain("Content-Type: text/html; charset=utf-8");
    expect(parts[1]).toContain('<a href=3D"https://budz.example/?a=3D1">Shop</a>');
    expect(tail).toBe("--\r\n");
  });

  it("encodes non-ASCII subjects and names, and wraps long lines at 76 characters", () => {
    const raw = composeMime({
      ...base,
      from: { name: "Café Budz", address: "orders@budz.example" },
      subject: "Ça, c'est la fête 🎉 — tout à 20 % pendant le week-end seulement",
      html: `<p>${"é".repeat(100)}</p>`,
    });
    const { text, head, boundary } = parse(raw);
    expect(head).toContain("From: =?UTF-8?Q?Caf=C3=A9?= Budz <orders@budz.example>");
    expect(head).toMatch(/^Subject: =\?UTF-8\?Q\?=C3=87a/m);
    expect(text).toMatch(/^[\x20-\x7e\r\n]*$/);
    for (const line of text.split("\r\n"))
      if (!line.includes(boundary)) expect(line.length).toBeLessThanOrEqual(78);
  });

  it("quotes a display name with special characters and adds the extra headers", () => {
    const { head } = parse(
      composeMime({
        ...base,
        from: { name: 'Budz, "Inc."', address: "o@b.c" },
        headers: { "X-Test": "yes" },
      }),
    );
    expect(head).toContain('From: "Budz, \\"Inc.\\"" <o@b.c>');
    expect(head).toContain("X-Test: yes");
  });

  it("keeps every line to 76 printable ASCII characters, and decodes back to what was given", () => {
    const given = {
      ...base,
      from: { name: "Zoë\u00a0Budz", address: "o@b.c" },
      subject: `Fête 🎉 "50 %" =?UTF-8?Q?not_a_word?= ${"é".repeat(30)}\nBcc: someone@else.example`,
      text: `${"a".repeat(75)}é\n${"b ".repeat(50)}\ntrailing space \n\ttab\t\nlone\rreturn = sign ${"🎉".repeat(30)}`,
      html: `<p style="color: red">${"x".repeat(300)}</p>\n `,
    };
    const { text, head, boundary, parts } = parse(composeMime(given));
    for (const line of text.split("\r\n")) {
      expect(line).toMatch(/^[\x20-\x7e\t]*$/);
      if (!line.includes(boundary)) expect(line.length).toBeLessThanOrEqual(76);
    }
    // A line break in a subject is encoded, never a header of its own.
    expect(head).not.toMatch(/^Bcc:/m);
    expect(decodeHeader(head, "Subject")).toBe(given.subject);
    expect(decodeHeader(head, "From")).toBe("Zoë\u00a0Budz <o@b.c>");
    expect(decodeQuotedPrintable(parts[0]!)).toBe(given.text.replace(/\n/g, "\r\n"));
    expect(decodeQuotedPrintable(parts[1]!)).toBe(given.html.replace(/\n/g, "\r\n"));
  });
});
