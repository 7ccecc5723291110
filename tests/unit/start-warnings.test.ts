import { describe, expect, it } from "vitest";
import { proxyWarning, untrustedProxyRefusal } from "~/server/auth/origin.server";
import {
  backupLocationWarning,
  backupsInsideDataDir,
  embeddedDatabaseWarning,
} from "~/server/backup/storage-warnings.server";
import { storeAddress, welcomeBox, type Welcome } from "~/server/boot.server";
import { parseConfig } from "~/server/config.server";
import { isPlaceholderAddress, senderWarning } from "~/server/email/sender.server";

const WELCOME: Welcome = {
  storeName: "Green Leaf",
  data: "/srv/budz/data (embedded database and images)",
  backupDir: "/srv/budz/data/backups",
  warnings: [],
};

describe("the start's address (issue 37)", () => {
  it("is PUBLIC_URL when set, else localhost on the port it listens on: one for the log and the box", () => {
    expect(storeAddress(3000, parseConfig({ PUBLIC_URL: "http://127.0.0.1:3000/" }))).toBe(
      "http://127.0.0.1:3000",
    );
    expect(storeAddress(41234, parseConfig({}))).toBe("http://localhost:41234");
    const box = welcomeBox(WELCOME, "http://127.0.0.1:3000");
    expect(box).toContain("Store  http://127.0.0.1:3000/");
    expect(box).toContain("Admin  http://127.0.0.1:3000/budzadmin");
    expect(box).not.toContain("localhost");
  });
});

describe("the start box", () => {
  it("names where backups go and prints each warning wrapped, the box staying narrow", () => {
    const config = parseConfig({ PUBLIC_URL: "https://shop.greenleaf.ca", DATA_DIR: "/srv/d" });
    const warnings = [proxyWarning(config)!, backupLocationWarning("/srv/d", "/srv/d/backups")!];
    const box = welcomeBox({ ...WELCOME, warnings }, "https://shop.greenleaf.ca");
    const lines = box.split("\n");
    expect(lines.every((line) => line.length <= 72)).toBe(true);
    expect(box).toContain("│  Data   /srv/budz/data (embedded database and images)");
    expect(box).toContain("│         backups in /srv/budz/data/backups");
    expect(box).toContain("│  ! PUBLIC_URL is https://shop.greenleaf.ca but TRUST_PROXY is not");
    const text = lines.map((line) => line.slice(3, -3).trim()).join(" ");
    expect(text).toContain("Set TRUST_PROXY=1 (the number of proxies in front of the server)");
    expect(text).toContain("Set BACKUP_BUCKET");
    expect(text).toContain("set BACKUP_DIR to a folder on another disk");
  });
});

describe("a TLS proxy the server does not trust (issue 37)", () => {
  it("is named at start when PUBLIC_URL is https and TRUST_PROXY is unset, with what to set", () => {
    expect(proxyWarning(parseConfig({ PUBLIC_URL: "https://shop.greenleaf.ca" }))).toBe(
      "PUBLIC_URL is https://shop.greenleaf.ca but TRUST_PROXY is not set: behind a TLS proxy every admin form will be refused. Set TRUST_PROXY=1 (the number of proxies in front of the server) and restart.",
    );
    expect(
      proxyWarning(parseConfig({ PUBLIC_URL: "https://shop.greenleaf.ca", TRUST_PROXY: "1" })),
    ).toBeNull();
    expect(proxyWarning(parseConfig({ PUBLIC_URL: "http://10.0.0.5:3000" }))).toBeNull();
    expect(proxyWarning(parseConfig({}))).toBeNull();
  });

  it("gives a form post through it the reason, and leaves other sites' posts their plain refusal", () => {
    const untrusted = parseConfig({ PUBLIC_URL: "https://shop.greenleaf.ca" });
    const post = {
      method: "POST",
      protocol: "http",
      origin: "https://shop.greenleaf.ca",
      host: "shop.greenleaf.ca",
    };
    expect(untrustedProxyRefusal(post, untrusted)).toMatch(
      /TRUST_PROXY is not set[\s\S]*Set TRUST_PROXY=1/,
    );
    // The proxy rewrote Host: PUBLIC_URL, or the proxy's own header, still names the site.
    expect(untrustedProxyRefusal({ ...post, host: "127.0.0.1:3000" }, untrusted)).not.toBeNull();
    const noPublicUrl = parseConfig({});
    expect(
      untrustedProxyRefusal(
        { ...post, host: "127.0.0.1:3000", forwardedProto: "https" },
        noPublicUrl,
      ),
    ).not.toBeNull();
    expect(untrustedProxyRefusal({ ...post, host: "127.0.0.1:3000" }, noPublicUrl)).toBeNull();
    // Not this case: another site, a GET, a plain-http page, a trusted proxy.
    expect(untrustedProxyRefusal({ ...post, origin: "https://evil.test" }, untrusted)).toBeNull();
    expect(untrustedProxyRefusal({ ...post, method: "GET" }, untrusted)).toBeNull();
    expect(
      untrustedProxyRefusal({ ...post, origin: "http://shop.greenleaf.ca" }, untrusted),
    ).toBeNull();
    const trusted = parseConfig({ PUBLIC_URL: "https://shop.greenleaf.ca", TRUST_PROXY: "1" });
    expect(untrustedProxyRefusal(post, trusted)).toBeNull();
  });
});

describe("the sender's address (issue 37)", () => {
  it("is a placeholder on an IP address, a machine name or an example or local domain", () => {
    for (const address of [
      "orders@127.0.0.1",
      "orders@[::1]",
      "orders@localhost",
      "orders@shop.example.ca",
      "orders@example.com",
      "orders@budz.test",
      "orders@shop.local",
    ])
      expect(isPlaceholderAddress(address), address).toBe(true);
    expect(isPlaceholderAddress("orders@greenleaf.ca")).toBe(false);
  });

  it("is warned about while a placeholder, or a guess nobody set", () => {
    const sender = { name: "Green Leaf", address: "orders@127.0.0.1" };
    expect(senderWarning({ ...sender, source: "default" })).toMatch(
      /^Emails are sent from orders@127\.0\.0\.1, a placeholder[\s\S]*Settings → Email \(or MAIL_FROM\)/,
    );
    expect(senderWarning({ ...sender, source: "settings" })).toMatch(/a placeholder/);
    const real = { ...sender, address: "orders@greenleaf.ca" };
    expect(senderWarning({ ...real, source: "default" })).toMatch(/^No sender address is set/);
    expect(senderWarning({ ...real, source: "MAIL_FROM" })).toBeNull();
    expect(senderWarning({ ...real, source: "settings" })).toBeNull();
  });
});

describe("where the data and the backups live (issue 37)", () => {
  it("finds backups inside the data directory, and only there", () => {
    expect(backupsInsideDataDir("./data", "data/backups")).toBe(true);
    expect(backupsInsideDataDir("/srv/data", "/srv/data")).toBe(true);
    expect(backupsInsideDataDir("/srv/data", "/srv/data-backups")).toBe(false);
    expect(backupsInsideDataDir("/srv/data", "/mnt/backup/budz")).toBe(false);
    expect(backupLocationWarning("/srv/data", "/mnt/backup/budz")).toBeNull();
    expect(backupLocationWarning("/srv/data", "/srv/data/backups")).toMatch(
      /^Backups are kept inside the data directory \(\/srv\/data\/backups\)[\s\S]*Set BACKUP_BUCKET[\s\S]*set BACKUP_DIR/,
    );
    // A bucket takes every backup off the machine: no warning then.
    expect(backupLocationWarning("/srv/data", "/srv/data/backups", "budz-backups")).toBeNull();
  });

  it("warns about the embedded database once it holds real orders, never on PostgreSQL", () => {
    const state = { driver: "pglite" as const, dataDir: "/srv/data", realOrders: 1 };
    expect(embeddedDatabaseWarning(state)).toMatch(
      /real orders on the embedded database \(\/srv\/data\)[\s\S]*"Moving from the embedded database to PostgreSQL"/,
    );
    expect(embeddedDatabaseWarning({ ...state, realOrders: 0 })).toBeNull();
    expect(embeddedDatabaseWarning({ ...state, driver: "postgres" })).toBeNull();
  });
});
