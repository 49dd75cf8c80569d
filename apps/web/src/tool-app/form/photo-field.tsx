import { uploadFileResponseSchema } from "@liftoff/domain";
import { CameraIcon, LoaderCircleIcon, Trash2Icon } from "lucide-react";
import { type ChangeEvent, useRef, useState } from "react";
import { readAppToken } from "../../host/app-token-store.ts";
import { errorMessage, request } from "../../lib/api.ts";
import {
  IMAGE_UPLOAD_MESSAGES,
  imageUploadError,
  UPLOAD_IMAGE_ACCEPT,
} from "../../lib/image-upload-rules.ts";
import { previewImageUrl } from "../../lib/tool-app-theme.ts";
import { SECONDARY_BUTTON } from "./themed-classes.ts";

export type PhotoFieldProps = {
  id: string;
  appId: string;
  toolId: string;
  /** The uploaded photo's address, "" for none. */
  value: string;
  onChange: (url: string) => void;
  describedBy: string | undefined;
  invalid: boolean;
};

/**
 * A photo: picked, checked (image types, under 10 MB), uploaded to the tool's photo route
 * (anyone who can run the tool may; a signed-in end user's token goes along) and shown.
 * The photo is never inlined as a data: URL.
 */
export function PhotoField({ id, appId, toolId, value, onChange, describedBy, invalid }: PhotoFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const token = readAppToken(appId);
  const preview = previewImageUrl(value);

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    const refused = imageUploadError(file);
    if (refused) {
      setProblem(refused);
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const form = new FormData();
      form.append("file", file);
      const answer = await request(
        "POST",
        `/live_api/apps/${encodeURIComponent(appId)}/tools/${encodeURIComponent(toolId)}/photos`,
        form,
        uploadFileResponseSchema,
        token ? { token } : {},
      );
      onChange(answer.file_url);
    } catch (error) {
      setProblem(errorMessage(error, IMAGE_UPLOAD_MESSAGES.failed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="grid gap-2">
      {preview ? (
        <img
          src={preview}
          alt="Preview of your upload"
          referrerPolicy="no-referrer"
          className="max-h-56 w-full rounded-lg border border-(--tool-input-border) object-contain"
        />
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button
          id={id}
          type="button"
          className={SECONDARY_BUTTON}
          onClick={() => input.current?.click()}
          disabled={busy}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
        >
          {busy ? (
            <LoaderCircleIcon className="size-4 animate-spin" aria-hidden />
          ) : (
            <CameraIcon className="size-4" aria-hidden />
          )}
          {busy ? "Uploading…" : preview ? "Replace photo" : "Upload a photo"}
        </button>
        {preview ? (
          <button type="button" className={SECONDARY_BUTTON} onClick={() => onChange("")}>
            <Trash2Icon className="size-4" aria-hidden /> Remove
          </button>
        ) : null}
      </div>
      <input
        ref={input}
        type="file"
        accept={UPLOAD_IMAGE_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        onChange={upload}
      />
      {problem ? (
        <p className="text-13 font-medium text-(--tool-error)" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
