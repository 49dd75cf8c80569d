import { AppError, parseUpgradeReason, useTemplateResponseSchema } from "@liftoff/domain";
import { toast } from "@liftoff/ui";
import { useCallback, useEffect, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { api, errorMessage } from "../../lib/api.ts";
import { useSession } from "../../lib/session.tsx";
import { useUpgradeDialog } from "../pricing/upgrade-dialog.tsx";

export const DUPLICATE_TEMPLATE_PARAM = "duplicateTemplate";

/**
 * "Use template": copies a template into a new space app and opens it in the builder.
 * Signed-out visitors go to /login with `?duplicateTemplate=<id>`; the post-login
 * redirect brings them back to /templates with it, where `useDuplicateTemplateParam`
 * finishes the job. A plan limit opens the upgrade dialog with the server's reason.
 */
export function useDuplicateTemplate() {
  const { status, refreshAccount } = useSession();
  const navigate = useNavigate();
  const upgrade = useUpgradeDialog();
  const [pendingId, setPendingId] = useState<string | null>(null);

  const duplicate = useCallback(
    async (templateId: string) => {
      if (status !== "signedIn") {
        navigate(`/login?${DUPLICATE_TEMPLATE_PARAM}=${encodeURIComponent(templateId)}`);
        return;
      }
      setPendingId(templateId);
      try {
        const created = await api.post(
          `/api/templates/${encodeURIComponent(templateId)}/use`,
          undefined,
          useTemplateResponseSchema,
        );
        void refreshAccount().catch(() => {});
        toast.success("Your copy is ready");
        navigate(`/build/app/${created.appId}`);
      } catch (error) {
        if (error instanceof AppError && error.code === "PLAN_LIMIT") {
          upgrade.open(parseUpgradeReason(error.details?.reason));
        } else {
          toast.error(errorMessage(error, "Could not copy the template, try again"));
        }
      } finally {
        setPendingId(null);
      }
    },
    [status, navigate, upgrade, refreshAccount],
  );

  return { duplicate, pendingId };
}

/**
 * Acts on `?duplicateTemplate=<id>` once the session is known (used on /templates and
 * /apps): the parameter is removed first, so a reload or the back button cannot make a
 * second copy.
 */
export function useDuplicateTemplateParam(duplicate: (templateId: string) => Promise<void>) {
  const { status } = useSession();
  const [params, setParams] = useSearchParams();
  const handled = useRef(false);
  const templateId = params.get(DUPLICATE_TEMPLATE_PARAM);

  useEffect(() => {
    if (!templateId || handled.current || status === "loading") return;
    handled.current = true;
    const next = new URLSearchParams(params);
    next.delete(DUPLICATE_TEMPLATE_PARAM);
    setParams(next, { replace: true });
    void duplicate(templateId);
  }, [templateId, status, params, setParams, duplicate]);

  return templateId;
}
