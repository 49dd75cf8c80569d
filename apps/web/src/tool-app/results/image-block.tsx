import { ImageIcon } from "lucide-react";
import { IMAGE_DESCRIPTION_LABEL } from "./run-markdown.ts";

/**
 * An image block's description in a framed placeholder: a text model describes the image
 * (BLOCK_OUTPUT_FORMATS.image) and no picture is invented from it here.
 */
export function ImageBlock({ description }: { description: string }) {
  return (
    <figure className="grid gap-2 rounded-md border border-dashed border-border bg-muted/50 p-3">
      <div className="flex items-center gap-2 text-xs font-medium text-muted-foreground">
        <ImageIcon className="size-4" aria-hidden="true" />
        <span>{IMAGE_DESCRIPTION_LABEL}</span>
      </div>
      <figcaption className="break-words">{description}</figcaption>
    </figure>
  );
}
