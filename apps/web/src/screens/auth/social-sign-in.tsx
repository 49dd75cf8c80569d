import {
  providersResponseSchema,
  type SessionResponse,
  type SocialProvider,
  sessionResponseSchema,
} from "@liftoff/domain";
import { Button } from "@liftoff/ui";
import { useEffect, useRef, useState } from "react";
import { api, errorMessage } from "../../lib/api.ts";
import { listenForSocialResult } from "../../lib/social-channel.ts";
import { PROVIDER_LABELS, ProviderMark } from "./brand-marks.tsx";
import type { FinishSignInResult } from "./use-finish-sign-in.ts";

/** GET /api/session/providers once; an unreachable endpoint just means no social buttons. */
export function useSocialProviders(): SocialProvider[] {
  const [providers, setProviders] = useState<SocialProvider[]>([]);
  useEffect(() => {
    let alive = true;
    api
      .get("/api/session/providers", providersResponseSchema)
      .then((res) => {
        if (alive) setProviders(res.providers);
      })
      .catch(() => {});
    return () => {
      alive = false;
    };
  }, []);
  return providers;
}

function popupFeatures(): string {
  const width = 500;
  const height = 640;
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - height) / 2.5));
  return `popup=yes,width=${width},height=${height},left=${left},top=${top}`;
}

export type SocialButtonsProps = {
  providers: SocialProvider[];
  disabled?: boolean;
  /** Called with the session the popup's token refreshed into. */
  onSession: (res: SessionResponse) => Promise<FinishSignInResult>;
  onError: (message: string | null) => void;
  onBusyChange?: (busy: boolean) => void;
};

/**
 * Social sign-in through a popup: /auth/social/{provider}?popup=1 ends on /auth/handler,
 * which announces the outcome (never a token) on the same-origin social channel.
 * A blocked popup falls back to a full-page redirect.
 */
export function SocialButtons({ providers, disabled, onSession, onError, onBusyChange }: SocialButtonsProps) {
  const [pending, setPending] = useState<SocialProvider | null>(null);
  const popupRef = useRef<Window | null>(null);
  const handlers = useRef({ onSession, onError, onBusyChange });
  handlers.current = { onSession, onError, onBusyChange };

  useEffect(
    () =>
      listenForSocialResult(async (result) => {
        popupRef.current = null;
        try {
          if ("error" in result) {
            handlers.current.onError(result.error);
            return;
          }
          // The popup's sign-in left the session cookie, which this page shares.
          const res = await api.post("/api/session/refresh", undefined, sessionResponseSchema);
          const outcome = await handlers.current.onSession(res);
          if (!outcome.ok) handlers.current.onError(outcome.message);
        } catch (error) {
          handlers.current.onError(errorMessage(error));
        } finally {
          setPending(null);
          handlers.current.onBusyChange?.(false);
        }
      }),
    [],
  );

  // Stop the spinner when the user closes the popup without finishing.
  useEffect(() => {
    if (!pending) return;
    const id = window.setInterval(() => {
      const popup = popupRef.current;
      if (popup?.closed) {
        popupRef.current = null;
        setPending(null);
        handlers.current.onBusyChange?.(false);
      }
    }, 600);
    return () => window.clearInterval(id);
  }, [pending]);

  if (providers.length === 0) return null;

  function start(provider: SocialProvider) {
    onError(null);
    const url = `/auth/social/${provider}?popup=1`;
    const popup = window.open(url, "liftoff-social", popupFeatures());
    if (!popup) {
      window.location.assign(`/auth/social/${provider}`);
      return;
    }
    popup.focus();
    popupRef.current = popup;
    setPending(provider);
    onBusyChange?.(true);
  }

  return (
    <div className="grid gap-2">
      {providers.map((provider) => (
        <Button
          key={provider}
          variant="outline"
          className="h-10 w-full"
          data-testid={`social-${provider}`}
          disabled={disabled || (pending !== null && pending !== provider)}
          loading={pending === provider}
          onClick={() => start(provider)}
        >
          {pending === provider ? null : <ProviderMark provider={provider} className="size-4" />}
          Continue with {PROVIDER_LABELS[provider]}
        </Button>
      ))}
    </div>
  );
}

export function OrDivider({ label = "or" }: { label?: string }) {
  return (
    <div className="relative my-5 flex items-center" role="separator" aria-label={label}>
      <div className="h-px flex-1 bg-border" />
      <span className="px-3 text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</span>
      <div className="h-px flex-1 bg-border" />
    </div>
  );
}
