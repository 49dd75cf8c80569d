import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

/**
 * Seals small secrets stored in the database (an admin's AI API key) with AES-256-GCM
 * under a key derived from the auth secret, so a database dump alone does not hand out
 * provider keys. Node's own cipher; nothing of ours beyond the framing `v1.iv.tag.data`.
 */
export function createSecretBox(authSecret: string) {
  const key = createHash("sha256").update(`liftoff:secret-box:${authSecret}`).digest();
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return ["v1", iv, cipher.getAuthTag(), data]
        .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
        .join(".");
    },
    /** The plain text, or null when the value was sealed under another secret or is damaged. */
    open(sealed: string): string | null {
      const [version, iv, tag, data] = sealed.split(".");
      if (version !== "v1" || !iv || !tag || data === undefined) return null;
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
        decipher.setAuthTag(Buffer.from(tag, "base64url"));
        return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString(
          "utf8",
        );
      } catch {
        return null;
      }
    },
  };
}
