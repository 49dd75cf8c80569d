import {
  buttonVariants,
  cn,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  Field,
  Textarea,
} from "@liftoff/ui";
import { MailIcon, MessageCircleIcon, Share2Icon } from "lucide-react";
import { useEffect, useId, useMemo, useState } from "react";
import { CopyButton } from "../../lib/copy-button.tsx";
import {
  resolveShareContent,
  SHARE_NETWORK_LABELS,
  SHARE_NETWORKS,
  type ShareNetwork,
  sharePostText,
  shareUrl,
} from "./share-urls.ts";
import { TypingPreview } from "./typing-preview.tsx";

/** spec section 8 (Misc): the share dialog's copy confirmations. */
export const SHARE_COPIED = { link: "Link copied!", post: "Post copied!" } as const;

const NETWORK_ICONS: Record<ShareNetwork, typeof Share2Icon> = {
  twitter: Share2Icon,
  facebook: Share2Icon,
  linkedin: Share2Icon,
  whatsapp: MessageCircleIcon,
  email: MailIcon,
};

export type ShareDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What is shared: the tool's or app's name (default message, email subject). */
  title: string;
  /** The link to share; the page's address when none is given. */
  url?: string;
  /** The post's message; defaultShareMessage(title) when none is given. */
  message?: string;
};

/**
 * spec section 2: share to twitter, facebook, linkedin, whatsapp and email, with a typing
 * preview of the post, a default link and message when none is given, and copy buttons
 * ('Link copied!', 'Post copied!'). The end user may reword the message before sharing.
 */
export function ShareDialog({ open, onOpenChange, title, url, message }: ShareDialogProps) {
  const initial = useMemo(
    () =>
      resolveShareContent({
        url,
        message,
        title,
        pageUrl: typeof window === "undefined" ? "" : window.location.href,
      }),
    [url, message, title],
  );
  const [draft, setDraft] = useState(initial.message);
  const [openings, setOpenings] = useState(0);
  // Each opening starts from the given (or default) message again, and types it anew.
  useEffect(() => {
    if (!open) return;
    setDraft(initial.message);
    setOpenings((count) => count + 1);
  }, [open, initial.message]);
  const content = { url: initial.url, message: draft.trim() || initial.message };
  const post = sharePostText(content);
  const messageId = useId();

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="sm">
        <DialogHeader>
          <DialogTitle>Share</DialogTitle>
          <DialogDescription>
            Share {title.trim() || "this tool"} with your friends and followers.
          </DialogDescription>
        </DialogHeader>
        <div className="grid min-w-0 gap-4">
          {open ? <TypingPreview text={post} animateKey={openings} /> : null}
          <Field label="Message" htmlFor={messageId}>
            <Textarea
              id={messageId}
              rows={2}
              value={draft}
              maxLength={280}
              onChange={(event) => setDraft(event.target.value)}
            />
          </Field>
          <div className="grid grid-cols-2 gap-2 min-[420px]:grid-cols-3">
            {SHARE_NETWORKS.map((network) => {
              const Icon = NETWORK_ICONS[network];
              return (
                <a
                  key={network}
                  href={shareUrl(network, { ...content, title })}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={cn(buttonVariants({ variant: "outline", size: "sm" }), "justify-start")}
                  data-network={network}
                >
                  <Icon aria-hidden="true" />
                  {SHARE_NETWORK_LABELS[network]}
                </a>
              );
            })}
          </div>
          <div className="flex flex-wrap gap-2">
            <CopyButton text={content.url} label="Copy link" copiedLabel={SHARE_COPIED.link} />
            <CopyButton text={post} label="Copy post" copiedLabel={SHARE_COPIED.post} />
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
