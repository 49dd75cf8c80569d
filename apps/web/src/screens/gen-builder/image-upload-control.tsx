import { uploadFileResponseSchema } from "@liftoff/domain";
import { Alert, Button, Label } from "@liftoff/ui";
import { ImageIcon, ImageUpIcon, RefreshCwIcon, Trash2Icon } from "lucide-react";
import { type ChangeEvent, useEffect, useId, useRef, useState } from "react";
import { api } from "../../lib/api.ts";
import {
  IMAGE_UPLOAD_MESSAGES,
  imageUploadError,
  UPLOAD_IMAGE_ACCEPT,
  UPLOAD_SUCCESS_MS,
} from "../../lib/image-upload-rules.ts";
import { previewImageUrl } from "../../lib/tool-app-theme.ts";

export type ImageUploadControlProps = {
  appId: string;
  label: string;
  /** The image's URL, "" for none. */
  value: string;
  onChange: (url: string) => void;
  /** Extra description under the label (sizes, where it shows). */
  hint?: string;
  disabled?: boolean;
};

type Notice = { tone: "error" | "success"; text: string } | null;

/**
 * Uploads an image through the app's UploadFile integration (POST
 * /integrations/Core/UploadFile?appId=, multipart `file`): the builder's own session
 * cookie authorises it as the app's owner, and the stored file comes back as a public
 * `file_url` on this site. Upload, replace and remove (spec section 2), with the spec's
 * checks and texts (section 5 and 8).
 */
export function ImageUploadControl({
  appId,
  label,
  value,
  onChange,
  hint,
  disabled = false,
}: ImageUploadControlProps) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // The success text goes after 3 s; an error stays until the next action.
  useEffect(() => {
    if (notice?.tone !== "success") return;
    const timer = window.setTimeout(() => setNotice(null), UPLOAD_SUCCESS_MS);
    return () => window.clearTimeout(timer);
  }, [notice]);

  async function upload(file: File) {
    const problem = imageUploadError(file);
    if (problem) {
      setNotice({ tone: "error", text: problem });
      return;
    }
    setUploading(true);
    setNotice(null);
    try {
      const form = new FormData();
      form.append("file", file);
      const result = await api.post(
        `/integrations/Core/UploadFile?appId=${encodeURIComponent(appId)}`,
        form,
        uploadFileResponseSchema,
      );
      if (!mounted.current) return;
      onChange(result.file_url);
      setNotice({ tone: "success", text: IMAGE_UPLOAD_MESSAGES.uploaded });
    } catch {
      // The spec's one failure text, whatever the cause (network, quota, storage).
      if (mounted.current) setNotice({ tone: "error", text: IMAGE_UPLOAD_MESSAGES.failed });
    } finally {
      if (mounted.current) setUploading(false);
    }
  }

  function onPick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared so picking the same file again (after a failure) fires a change.
    event.target.value = "";
    if (file) void upload(file);
  }

  function remove() {
    setNotice(null);
    onChange("");
  }

  const shown = previewImageUrl(value);
  const busy = disabled || uploading;

  return (
    <div className="grid gap-2" data-testid="image-upload-control">
      <div className="grid gap-0.5">
        <Label htmlFor={inputId}>{label}</Label>
        {hint ? (
          <p id={hintId} className="text-13 text-muted-foreground">
            {hint}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <div className="flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-border bg-muted">
          {shown ? (
            <img
              src={shown}
              alt={`${label} preview`}
              referrerPolicy="no-referrer"
              className="size-full object-contain"
            />
          ) : (
            <ImageIcon className="size-5 text-muted-foreground" aria-hidden />
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <input
            ref={input}
            id={inputId}
            type="file"
            accept={UPLOAD_IMAGE_ACCEPT}
            className="sr-only"
            tabIndex={-1}
            aria-describedby={hint ? hintId : undefined}
            disabled={busy}
            onChange={onPick}
          />
          <Button
            variant="outline"
            size="sm"
            loading={uploading}
            disabled={busy}
            onClick={() => input.current?.click()}
            aria-label={value ? `Replace ${label.toLowerCase()}` : `Upload ${label.toLowerCase()}`}
            data-testid="image-upload-pick"
          >
            {uploading ? null : value ? <RefreshCwIcon /> : <ImageUpIcon />}
            {uploading ? "Uploading…" : value ? "Replace" : "Upload"}
          </Button>
          {value ? (
            <Button
              variant="ghost"
              size="sm"
              disabled={busy}
              onClick={remove}
              aria-label={`Remove ${label.toLowerCase()}`}
              data-testid="image-upload-remove"
            >
              <Trash2Icon />
              Remove
            </Button>
          ) : null}
        </div>
      </div>
      {notice ? (
        <Alert tone={notice.tone} className="py-2 text-13" data-testid="image-upload-notice">
          {notice.text}
        </Alert>
      ) : null}
    </div>
  );
}
