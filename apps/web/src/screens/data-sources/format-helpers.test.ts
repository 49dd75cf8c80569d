import { AppError } from "@liftoff/domain";
import { describe, expect, it } from "vitest";
import { formatFileSize } from "./format-file-size.ts";
import { formatItemProgress } from "./format-item-progress.ts";
import { RECONNECT_MAX_MS, reconnectDelay } from "./reconnect-delay.ts";
import { serverMessage } from "./server-message.ts";

describe("formatFileSize", () => {
  it("uses B, KB and MB with one decimal below 10", () => {
    expect(formatFileSize(512)).toBe("512 B");
    expect(formatFileSize(1536)).toBe("1.5 KB");
    expect(formatFileSize(120 * 1024)).toBe("120 KB");
    expect(formatFileSize(1.5 * 1024 * 1024)).toBe("1.5 MB");
    expect(formatFileSize(25 * 1024 * 1024)).toBe("25 MB");
    expect(formatFileSize(-1)).toBe("");
  });
});

describe("formatItemProgress", () => {
  it("counts chunks while indexing and pages while crawling", () => {
    expect(formatItemProgress({ stage: "indexing", done: 12, total: 40 })).toBe("12 / 40 chunks");
    expect(formatItemProgress({ stage: "indexing", done: 1, total: null })).toBe("1 chunk");
    expect(formatItemProgress({ stage: "crawling", done: 3, total: null })).toBe("3 pages crawled");
    expect(formatItemProgress({ stage: "crawling", done: 1, total: 20 })).toBe("1 page crawled of 20");
    expect(formatItemProgress({ stage: "reading", done: 0, total: null })).toBe("Reading…");
  });
});

describe("reconnectDelay", () => {
  it("doubles from 1 s up to the cap, less up to a quarter with jitter", () => {
    expect(reconnectDelay(0)).toBe(1_000);
    expect(reconnectDelay(3)).toBe(8_000);
    expect(reconnectDelay(20)).toBe(RECONNECT_MAX_MS);
    expect(reconnectDelay(0, 0.999)).toBeGreaterThanOrEqual(750);
  });
});

describe("serverMessage", () => {
  const refused = (message: string, status: number) => {
    const error = new AppError("BAD_REQUEST", message);
    Object.defineProperty(error, "status", { value: status });
    return error;
  };
  it("shows a refusal's own words and falls back otherwise", () => {
    expect(serverMessage(refused("Please upload a file", 400), "fallback")).toBe("Please upload a file");
    expect(serverMessage(refused("Request failed (413)", 413), "fallback")).toBe("fallback");
    expect(serverMessage(refused("Something went wrong, try again later", 500), "fallback")).toBe("fallback");
    expect(serverMessage(new Error("boom"), "fallback")).toBe("fallback");
  });
});
