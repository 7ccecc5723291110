import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { config } from "../config.server";

/**
 * Secrets the store keeps (the Canada Post API password) are stored encrypted with AES-256-GCM, so
 * the database, its dumps and its backups hold only the encrypted text. The key is SECRETS_KEY, or
 * else a random key written once to DATA_DIR/secrets.key (not part of any backup): a backup restored
 * on another machine asks for its secrets again.
 */

const VERSION = "v1";

let cachedKey: { source: string; key: Buffer } | undefined;

function secretsKey(): Buffer {
  const configured = config().SECRETS_KEY;
  const file = path.join(config().dataDir, "secrets.key");
  const source = configured ? `env:${configured}` : `file:${file}`;
  if (cachedKey?.source !== source) cachedKey = { source, key: readKey(configured, file) };
  return cachedKey.key;
}

function readKey(configured: string | undefined, file: string): Buffer {
  if (configured) return crypto.createHash("sha256").update(configured).digest();
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    try {
      fs.writeFileSync(file, crypto.randomBytes(32).toString("base64"), {
        flag: "wx",
        mode: 0o600,
      });
    } catch (error) {
      // Another process wrote it first: use theirs.
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  return Buffer.from(fs.readFileSync(file, "utf8").trim(), "base64");
}

/** The text encrypted: "v1:" then the nonce, the tag and the ciphertext, base64url. */
export function sealSecret(plain: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", secretsKey(), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url")}`;
}

/** The secret, or null when this server's key cannot open it (sealed elsewhere, or damaged). */
export function openSecret(sealed: string): string | null {
  const [version, data] = sealed.split(":");
  if (version !== VERSION || !data) return null;
  const raw = Buffer.from(data, "base64url");
  try {
    const decipher = crypto.createDecipheriv("aes-256-gcm", secretsKey(), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
