import { useEffect, useState } from "react";
import { z } from "zod";
import { api } from "./api.ts";

export type MailKind = "dev" | "smtp";

const healthMailSchema = z.object({ mail: z.enum(["dev", "smtp"]) });

// How the server sends mail does not change while it runs: ask /api/health once per page
// load. A failed answer is forgotten so a later screen can ask again.
let check: Promise<MailKind> | null = null;

export function checkMailKind(): Promise<MailKind> {
  if (!check) {
    check = api.get("/api/health", healthMailSchema).then(
      (health) => health.mail,
      (error: unknown) => {
        check = null;
        throw error;
      },
    );
  }
  return check;
}

/**
 * "dev" when mail goes to the dev mailbox (no SMTP), "smtp" when it is really sent, null
 * while unknown (loading, or the health check failed: then screens say nothing about it).
 */
export function useMailKind(): MailKind | null {
  const [kind, setKind] = useState<MailKind | null>(null);
  useEffect(() => {
    let alive = true;
    checkMailKind().then(
      (value) => {
        if (alive) setKind(value);
      },
      () => {},
    );
    return () => {
      alive = false;
    };
  }, []);
  return kind;
}
