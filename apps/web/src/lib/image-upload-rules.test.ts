import { describe, expect, it } from "vitest";
import { IMAGE_UPLOAD_MESSAGES, imageUploadError, UPLOAD_IMAGE_ACCEPT } from "./image-upload-rules.ts";

describe("imageUploadError", () => {
  it("keeps the spec's texts verbatim", () => {
    expect(IMAGE_UPLOAD_MESSAGES.tooLarge).toBe("File size to large");
    expect(IMAGE_UPLOAD_MESSAGES.failed).toBe("Failed to upload image. Please try again.");
    expect(IMAGE_UPLOAD_MESSAGES.uploaded).toBe("Image uploaded successfully!");
  });

  it("accepts images under 10,000,000 bytes", () => {
    expect(imageUploadError({ size: 9_999_999, type: "image/png" })).toBeNull();
    expect(imageUploadError({ size: 1, type: "IMAGE/JPEG" })).toBeNull();
    expect(imageUploadError({ size: 1, type: "image/webp; charset=binary" })).toBeNull();
  });

  it("refuses 10,000,000 bytes and more with 'File size to large'", () => {
    expect(imageUploadError({ size: 10_000_000, type: "image/png" })).toBe("File size to large");
    expect(imageUploadError({ size: 25_000_000, type: "image/gif" })).toBe("File size to large");
  });

  it("refuses files that are not images, and SVG", () => {
    for (const type of ["application/pdf", "text/html", "", "image/svg+xml"]) {
      expect(imageUploadError({ size: 10, type })).toBe(IMAGE_UPLOAD_MESSAGES.notImage);
    }
  });

  it("offers the same types in the file picker", () => {
    expect(UPLOAD_IMAGE_ACCEPT.split(",")).toContain("image/png");
    expect(UPLOAD_IMAGE_ACCEPT).not.toContain("svg");
  });
});
