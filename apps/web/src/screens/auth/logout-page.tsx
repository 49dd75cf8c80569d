import { Spinner } from "@liftoff/ui";
import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { useSession } from "../../lib/session.tsx";

/** /logout: ends the session, then goes to /login. */
export function LogoutPage() {
  const { signOut } = useSession();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    signOut().finally(() => navigate("/login", { replace: true }));
  }, [signOut, navigate]);

  return (
    <div className="flex flex-col items-center gap-3 text-sm text-muted-foreground" aria-live="polite">
      <Spinner size="md" label={null} />
      Signing you out…
    </div>
  );
}
