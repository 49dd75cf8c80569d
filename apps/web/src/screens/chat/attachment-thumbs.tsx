import type { ChatAttachment } from "@liftoff/domain";
import { FileIcon } from "lucide-react";

/** The images sent with a user message, as small thumbnails opening the full image. */
export function AttachmentThumbs({ attachments }: { attachments: readonly ChatAttachment[] }) {
  if (attachments.length === 0) return null;
  return (
    <ul className="flex flex-wrap justify-end gap-1.5" data-testid="chat-attachments">
      {attachments.map((attachment) => (
        <li key={attachment.url}>
          <a
            href={attachment.url}
            target="_blank"
            rel="noreferrer"
            title={attachment.name}
            className="block overflow-hidden rounded-lg border border-border bg-neutral-50"
          >
            {attachment.contentType.startsWith("image/") ? (
              <img
                src={attachment.url}
                alt={attachment.name}
                className="size-16 object-cover"
                loading="lazy"
              />
            ) : (
              <span className="flex size-16 items-center justify-center text-muted-foreground">
                <FileIcon className="size-5" aria-hidden />
              </span>
            )}
          </a>
        </li>
      ))}
    </ul>
  );
}
