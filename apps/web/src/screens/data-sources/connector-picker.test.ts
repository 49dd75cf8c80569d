import type { ConnectorFile } from "@liftoff/domain";
import { describe, expect, it } from "vitest";
import {
  appendFiles,
  connectUrl,
  readConnectorMessage,
  toggleFile,
  toMetadataItems,
} from "./connector-picker.ts";

const file = (id: string, name = `File ${id}`): ConnectorFile => ({
  id,
  name,
  type: "google_doc",
  url: `https://docs.google.com/document/d/${id}/edit`,
  modifiedAt: null,
});

describe("connector picker", () => {
  it("starts the connect on our server with the app's id", () => {
    expect(connectUrl("google_drive", "app 1")).toBe(
      "/api/integrations/connectors/google_drive/connect?appId=app%201",
    );
  });

  it("turns picked files into ingest/metadata entries with the provider's source", () => {
    expect(toMetadataItems("google_drive", [file("a", "  Travel policy ")])).toEqual([
      {
        name: "Travel policy",
        source: "cloud drive",
        type: "google_doc",
        provider: "google_drive",
        providerItemId: "a",
        externalFileId: "a",
        externalFileUrl: "https://docs.google.com/document/d/a/edit",
      },
    ]);
    expect(toMetadataItems("notion", [{ ...file("p", ""), type: "notion_page" }])[0]).toMatchObject({
      name: "Untitled",
      source: "notes workspace",
    });
  });

  it("toggles a pick and stops at the plan's file count", () => {
    let picked = toggleFile(new Map(), file("a"), 2);
    picked = toggleFile(picked, file("b"), 2);
    picked = toggleFile(picked, file("c"), 2);
    expect([...picked.keys()]).toEqual(["a", "b"]);
    picked = toggleFile(picked, file("a"), 2);
    expect([...picked.keys()]).toEqual(["b"]);
  });

  it("appends a next page without listing a file twice", () => {
    expect(appendFiles([file("a"), file("b")], [file("b"), file("c")]).map((f) => f.id)).toEqual([
      "a",
      "b",
      "c",
    ]);
  });

  it("reads only the connect popup's own messages", () => {
    expect(readConnectorMessage({ type: "liftoff:connector", provider: "notion", ok: true })).toEqual({
      type: "liftoff:connector",
      provider: "notion",
      ok: true,
    });
    expect(readConnectorMessage({ type: "liftoff:connector", provider: "dropbox", ok: true })).toBeNull();
    expect(readConnectorMessage("hello")).toBeNull();
  });
});
