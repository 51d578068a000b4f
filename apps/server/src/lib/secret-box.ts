import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

const VERSION = "v1";

/**
 * Secrets at rest (calendar provider tokens, identity providers' client secrets): AES-256-GCM
 * under a 32-byte key, a fresh 96-bit nonce each time, `v1.<nonce>.<tag>.<ciphertext>` in base64url.
 * A changed or foreign value fails to open (the tag), never decrypts to something else.
 */
export function createSecretBox(key: Buffer) {
  return {
    seal(plain: string): string {
      const nonce = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, nonce);
      const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return [VERSION, nonce, cipher.getAuthTag(), sealed]
        .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
        .join(".");
    },
    /** The plain text, or null when the value is not one this key sealed. */
    open(value: string): string | null {
      const [version, nonce, tag, sealed, ...rest] = value.split(".");
      if (version !== VERSION || !nonce || !tag || sealed === undefined || rest.length > 0) return null;
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(nonce, "base64url"));
        decipher.setAuthTag(Buffer.from(tag, "base64url"));
        return Buffer.concat([decipher.update(Buffer.from(sealed, "base64url")), decipher.final()]).toString("utf8");
      } catch {
        return null;
      }
    },
  };
}

export type SecretBox = ReturnType<typeof createSecretBox>;
