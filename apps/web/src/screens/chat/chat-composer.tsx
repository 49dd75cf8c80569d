import { CHAT_ATTACHMENTS_MAX, CHAT_MESSAGE_MAX_LENGTH, type ChatAttachment } from "@liftoff/domain";
import { Button, cn, Spinner, Tooltip, toast } from "@liftoff/ui";
import { ArrowUpIcon, ImagePlusIcon, XIcon } from "lucide-react";
import { type KeyboardEvent, type Ref, useEffect, useLayoutEffect, useRef, useState } from "react";
import { errorMessage } from "../../lib/api.ts";
import { chatApi } from "./chat-api.ts";
import { type ComposerAttachment, readyAttachments, screenPickedFiles } from "./composer-attachments.ts";

const MAX_HEIGHT_PX = 200;

export type ChatComposerProps = {
  appId: string;
  value: string;
  onChange: (text: string) => void;
  /** Sends; resolves true when the server took the message. */
  onSend: (text: string, attachments: ChatAttachment[]) => Promise<boolean>;
  /** A reply is being written: typing stays possible, sending waits. */
  busy: boolean;
  /** No model configured: nothing can be sent. */
  disabled: boolean;
  /** Image attachments through the upload integration (owners and admins). */
  canAttach: boolean;
  textareaRef?: Ref<HTMLTextAreaElement>;
};

/**
 * The chat input: a growing textarea (Enter sends, Shift+Enter is a new line), image
 * attachments uploaded as soon as they are picked, and the send button.
 */
export function ChatComposer({
  appId,
  value,
  onChange,
  onSend,
  busy,
  disabled,
  canAttach,
  textareaRef,
}: ChatComposerProps) {
  const [attachments, setAttachments] = useState<ComposerAttachment[]>([]);
  const fileInput = useRef<HTMLInputElement | null>(null);
  const ownRef = useRef<HTMLTextAreaElement | null>(null);
  const uploading = attachments.some((a) => a.status === "uploading");
  const canSend = !disabled && !busy && !uploading && value.trim() !== "";

  // Grows with its text up to MAX_HEIGHT_PX, then scrolls.
  // biome-ignore lint/correctness/useExhaustiveDependencies: value is the trigger.
  useLayoutEffect(() => {
    const element = ownRef.current;
    if (!element) return;
    element.style.height = "auto";
    element.style.height = `${Math.min(element.scrollHeight, MAX_HEIGHT_PX)}px`;
  }, [value]);

  const latest = useRef(attachments);
  latest.current = attachments;
  useEffect(
    () => () => {
      for (const a of latest.current) URL.revokeObjectURL(a.previewUrl);
    },
    [],
  );

  function setRefs(element: HTMLTextAreaElement | null) {
    ownRef.current = element;
    if (typeof textareaRef === "function") textareaRef(element);
    else if (textareaRef) (textareaRef as { current: HTMLTextAreaElement | null }).current = element;
  }

  function pick(files: FileList | null) {
    if (!files || files.length === 0) return;
    const list = [...files];
    const { accepted, problems } = screenPickedFiles(list, attachments.length);
    for (const problem of problems) toast.error(problem);
    for (const index of accepted) {
      const file = list[index] as File;
      const id = `${Date.now()}-${index}-${file.name}`;
      const item: ComposerAttachment = {
        id,
        name: file.name,
        contentType: file.type,
        previewUrl: URL.createObjectURL(file),
        status: "uploading",
        url: null,
      };
      setAttachments((current) => [...current, item]);
      chatApi
        .uploadImage(appId, file)
        .then((url) =>
          setAttachments((current) => current.map((a) => (a.id === id ? { ...a, status: "ready", url } : a))),
        )
        .catch((error) => {
          toast.error(errorMessage(error, "Failed to upload image"));
          setAttachments((current) => current.map((a) => (a.id === id ? { ...a, status: "failed" } : a)));
        });
    }
  }

  function remove(id: string) {
    setAttachments((current) => {
      const gone = current.find((a) => a.id === id);
      if (gone) URL.revokeObjectURL(gone.previewUrl);
      return current.filter((a) => a.id !== id);
    });
  }

  async function submit() {
    if (!canSend) return;
    const sent = readyAttachments(attachments);
    const previous = attachments;
    setAttachments([]);
    const ok = await onSend(value, sent);
    if (!ok) setAttachments((current) => (current.length === 0 ? previous : current));
    else for (const a of previous) URL.revokeObjectURL(a.previewUrl);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      className={cn(
        "rounded-2xl border border-input bg-background shadow-xs transition-[border-color,box-shadow]",
        // The textarea's focus shows on the whole composer, as on a kit field (focus-ring-tight).
        "has-[textarea:focus-visible]:border-ring has-[textarea:focus-visible]:outline-2 has-[textarea:focus-visible]:outline-ring",
        disabled && "bg-neutral-50",
      )}
      data-testid="chat-composer"
    >
      {attachments.length > 0 ? (
        <ul className="flex flex-wrap gap-2 px-3 pt-3" data-testid="chat-composer-attachments">
          {attachments.map((a) => (
            <li key={a.id} className="relative">
              <img
                src={a.previewUrl}
                alt={a.name}
                className={cn(
                  "size-14 rounded-lg border border-border object-cover",
                  a.status === "uploading" && "opacity-50",
                  a.status === "failed" && "opacity-40 grayscale",
                )}
              />
              {a.status === "uploading" ? (
                <Spinner size="sm" label="Uploading" className="absolute inset-0 m-auto text-primary" />
              ) : null}
              <button
                type="button"
                onClick={() => remove(a.id)}
                aria-label={`Remove ${a.name}`}
                className="absolute -top-1.5 -right-1.5 flex size-5 items-center justify-center rounded-full border border-border bg-background text-muted-foreground shadow-xs hover:text-foreground"
              >
                <XIcon className="size-3" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <label htmlFor="chat-input" className="sr-only">
        Message the assistant
      </label>
      <textarea
        id="chat-input"
        ref={setRefs}
        rows={2}
        value={value}
        maxLength={CHAT_MESSAGE_MAX_LENGTH}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder={
          disabled ? "Chat is unavailable until a model is set up" : "Describe what to build or change…"
        }
        className="block max-h-[200px] min-h-[3.25rem] w-full resize-none bg-transparent px-3.5 pt-3 text-sm leading-6 placeholder:text-muted-foreground focus-ring-delegated disabled:cursor-not-allowed"
        data-testid="chat-input"
      />
      <div className="flex items-center gap-2 px-2 pt-1 pb-2">
        {canAttach ? (
          <>
            <input
              ref={fileInput}
              type="file"
              accept="image/*"
              multiple
              hidden
              onChange={(event) => {
                pick(event.target.files);
                event.target.value = "";
              }}
              data-testid="chat-attach-input"
            />
            <Tooltip content={`Attach images (up to ${CHAT_ATTACHMENTS_MAX})`}>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-8 text-muted-foreground"
                aria-label="Attach images"
                disabled={disabled || attachments.length >= CHAT_ATTACHMENTS_MAX}
                onClick={() => fileInput.current?.click()}
                data-testid="chat-attach"
              >
                <ImagePlusIcon />
              </Button>
            </Tooltip>
          </>
        ) : null}
        <p className="hidden min-w-0 flex-1 truncate text-xs text-muted-foreground sm:block">
          {busy ? "The assistant is working…" : "Enter to send · Shift + Enter for a new line"}
        </p>
        <Button
          type="submit"
          size="icon"
          className="ml-auto size-8 rounded-full"
          disabled={!canSend}
          aria-label="Send message"
          data-testid="chat-send"
        >
          {busy ? <Spinner size="sm" label={null} /> : <ArrowUpIcon />}
        </Button>
      </div>
    </form>
  );
}
