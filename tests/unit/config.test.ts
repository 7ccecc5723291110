import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "~/server/config.server";

describe("parseConfig", () => {
  it("gives the documented defaults for an empty environment", () => {
    const config = parseConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.dataDir).toBe(path.resolve("data"));
    expect(config.driver).toBe("pglite");
    expect(config.STORE_NAME).toBe("Budz Boutique");
    expect(config.STORE_TIMEZONE).toBe("America/Vancouver");
    expect(config.SEED_SAMPLE_DATA).toBe(true);
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.STAFF_EMAILS).toEqual([]);
    expect(config.LOW_STOCK_EMAIL_HOUR).toBe(8);
    expect(config.DAILY_SUMMARY_HOUR).toBe(8);
    expect(config.EMBEDDED_DB_CACHE_MB).toBe(16);
    expect(config.PAGE_CACHE_MB).toBe(32);
  });

  it("reads STAFF_EMAILS as a list of addresses", () => {
    const config = parseConfig({
      STAFF_EMAILS: " owner@example.com,floor@example.com ,",
      LOW_STOCK_EMAIL_HOUR: "6",
      DAILY_SUMMARY_HOUR: "7",
    });
    expect(config.STAFF_EMAILS).toEqual(["owner@example.com", "floor@example.com"]);
    expect(config.LOW_STOCK_EMAIL_HOUR).toBe(6);
    expect(config.DAILY_SUMMARY_HOUR).toBe(7);
  });

  it.each([
    [
      { PORT: "abc" },
      'Invalid configuration: PORT="abc" must be a port number between 1 and 65535',
    ],
    [
      { PORT: "70000" },
      'Invalid configuration: PORT="70000" must be a port number between 1 and 65535',
    ],
    [{ DATABASE_URL: "mysql://x" }, "Invalid configuration: DATABASE_URL="],
    [{ STORE_TIMEZONE: "Mars/Base" }, "Invalid configuration: STORE_TIMEZONE="],
    [{ SEED_SAMPLE_DATA: "maybe" }, "Invalid configuration: SEED_SAMPLE_DATA="],
    [{ ETRANSFER_EMAIL: "nope" }, "Invalid configuration: ETRANSFER_EMAIL="],
    [{ SESSION_SECRET: "short" }, "Invalid configuration: SESSION_SECRET="],
    [
      { STAFF_EMAILS: "owner@example.com, floor" },
      'Invalid configuration: STAFF_EMAILS="owner@example.com, floor" must be email addresses separated by commas (e.g. owner@example.com,staff@example.com); "floor" is not one',
    ],
    [
      { LOW_STOCK_EMAIL_HOUR: "24" },
      'Invalid configuration: LOW_STOCK_EMAIL_HOUR="24" must be an hour of the day from 0 to 23',
    ],
    [
      { DAILY_SUMMARY_HOUR: "7.5" },
      'Invalid configuration: DAILY_SUMMARY_HOUR="7.5" must be an hour of the day from 0 to 23',
    ],
    [
      { EMBEDDED_DB_CACHE_MB: "0" },
      'Invalid configuration: EMBEDDED_DB_CACHE_MB="0" must be a whole number of MiB from 1 to 4096',
    ],
    [
      { PAGE_CACHE_MB: "lots" },
      'Invalid configuration: PAGE_CACHE_MB="lots" must be a whole number of MiB from 1 to 4096',
    ],
  ])("refuses %o with one line naming the variable", (env, message) => {
    expect(() => parseConfig(env)).toThrow(ConfigError);
    try {
      parseConfig(env);
    } catch (error) {
      expect((error as Error).message).toContain(message);
      expect((error as Error).message).not.toContain("\n");
    }
  });

  it("switches to PostgreSQL when DATABASE_URL is set and reads flags", () => {
    const config = parseConfig({
      DATABASE_URL: "postgres://u:p@db/store",
      SEED_SAMPLE_DATA: "0",
      PUBLIC_URL: "https://shop.example.ca/",
    });
    expect(config.driver).toBe("postgres");
    expect(config.SEED_SAMPLE_DATA).toBe(false);
    expect(config.publicUrl).toBe("https://shop.example.ca");
    expect(config.defaultSender).toEqual({
      address: "orders@shop.example.ca",
      fromMailFrom: false,
    });
  });

  it("takes the default sender's address from MAIL_FROM, a name in it or not", () => {
    expect(parseConfig({ MAIL_FROM: "Old Name <orders@greenleaf.ca>" }).defaultSender).toEqual({
      address: "orders@greenleaf.ca",
      fromMailFrom: true,
    });
    expect(parseConfig({ MAIL_FROM: "orders@greenleaf.ca" }).defaultSender.address).toBe(
      "orders@greenleaf.ca",
    );
    expect(() => parseConfig({ MAIL_FROM: "Green Leaf" })).toThrow(
      'Invalid configuration: MAIL_FROM="Green Leaf" must be an email address, like orders@example.ca (or Name <orders@example.ca>)',
    );
  });
});
