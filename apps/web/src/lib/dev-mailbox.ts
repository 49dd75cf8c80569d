import { useEffect, useState } from "react";
import { api, sessionKey } from "./api.ts";

// The dev mailbox exists only when no SMTP server is configured (GET answers 200).
// Ask once per signed-in user rather than on every render of the shell.
const checks = new Map<string, Promise<boolean>>();

export function checkDevMailbox(): Promise<boolean> {
  const key = sessionKey();
  let check = checks.get(key);
  if (!check) {
    check = api.get("/api/dev/mailbox").then(
      () => true,
      () => false,
    );
    checks.set(key, check);
  }
  return check;
}

export function useDevMailboxAvailable(): boolean {
  const [available, setAvailable] = useState(false);
  useEffect(() => {
    let alive = true;
    checkDevMailbox().then((ok) => {
      if (alive) setAvailable(ok);
    });
    return () => {
      alive = false;
    };
  }, []);
  return available;
}
