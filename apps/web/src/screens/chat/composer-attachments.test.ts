import { describe, expect, it } from "vitest";
import { type ComposerAttachment, readyAttachments, screenPickedFiles } from "./composer-attachments.ts";

const image = (name: string, size = 1000) => ({ name, type: "image/png", size });

describe("screenPickedFiles", () => {
  it("takes images under 10 MB, up to five per message", () => {
    expect(screenPickedFiles([image("a.png"), image("b.png")], 0)).toEqual({
      accepted: [0, 1],
      problems: [],
    });
    expect(screenPickedFiles([image("a.png"), image("b.png")], 4)).toEqual({
      accepted: [0],
      problems: ["Up to 5 images per message"],
    });
  });

  it("refuses other files and big ones with the spec's text", () => {
    const result = screenPickedFiles(
      [{ name: "notes.pdf", type: "application/pdf", size: 10 }, image("huge.png", 10_000_001)],
      0,
    );
    expect(result).toEqual({ accepted: [], problems: ["Only images can be attached", "File size to large"] });
  });
});

describe("readyAttachments", () => {
  it("sends only what finished uploading", () => {
    const base = { name: "a.png", contentType: "image/png", previewUrl: "blob:1" };
    const list: ComposerAttachment[] = [
      { ...base, id: "1", status: "ready", url: "http://x/files/1/a.png" },
      { ...base, id: "2", status: "uploading", url: null },
      { ...base, id: "3", status: "failed", url: null },
    ];
    expect(readyAttachments(list)).toEqual([
      { name: "a.png", url: "http://x/files/1/a.png", contentType: "image/png" },
    ]);
  });
});
