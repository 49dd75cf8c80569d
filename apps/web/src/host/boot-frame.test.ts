import {
  APP_FRAME_SANDBOX,
  appFrameSrc,
  HOST_BOOT_DATA_ID,
  HOST_BOOT_FRAME_ID,
  type HostBoot,
} from "@liftoff/domain";
import { describe, expect, it } from "vitest";
import {
  bootMatchesRoute,
  findBootFrame,
  hostedAppOfBoot,
  readHostBoot,
  takeBootFrame,
} from "./boot-frame.ts";
import { type HostRoute, parseHostRoute } from "./host-route.ts";

const BOOT: HostBoot = {
  appId: "3f0c7a52-5b8e-4d43-9a57-4d2f6f3c0a11",
  slug: "task-board",
  versionId: "9b1e2c34-0d5f-4e6a-8b7c-1a2b3c4d5e6f",
  channel: "published",
  name: "Task board",
  icon: null,
  showWatermark: true,
};

type FakeFrame = { attributes: Record<string, string>; getAttribute: (name: string) => string | null };

/** A page as the server makes it: boot data and a container with one iframe; both optional. */
function page(options: { data?: string | null; frame?: Record<string, string> | null } = {}) {
  const data = options.data === undefined ? JSON.stringify(BOOT) : options.data;
  const attributes =
    options.frame === undefined
      ? { src: appFrameSrc(BOOT.appId, BOOT.versionId), sandbox: APP_FRAME_SANDBOX }
      : options.frame;
  const frame: FakeFrame | null = attributes
    ? { attributes, getAttribute: (name) => attributes[name] ?? null }
    : null;
  let removed = 0;
  const container = {
    querySelector: (selector: string) => (selector === "iframe" ? frame : null),
    remove: () => {
      removed += 1;
    },
  };
  const elements: Record<string, unknown> = {
    [HOST_BOOT_FRAME_ID]: container,
    ...(data === null ? {} : { [HOST_BOOT_DATA_ID]: { textContent: data } }),
  };
  const doc = { getElementById: (id: string) => (elements[id] ?? null) as Element | null };
  return { doc, frame, removed: () => removed };
}

const at = (path: string, metaAppId: string | null = null): HostRoute | null =>
  parseHostRoute({ host: "liftoff.test", pathname: path, search: "", hash: "" }, metaAppId);

describe("readHostBoot", () => {
  it("reads the server's boot data", () => {
    expect(readHostBoot(page().doc)).toEqual(BOOT);
    expect(hostedAppOfBoot(BOOT)).toEqual({
      id: BOOT.appId,
      versionId: BOOT.versionId,
      channel: "published",
      // The published version's frame needs no grant.
      frameGrant: null,
      name: "Task board",
      icon: null,
      showWatermark: true,
    });
  });

  it("is null without data, for data that does not parse, and for a draft", () => {
    expect(readHostBoot(page({ data: null }).doc)).toBeNull();
    expect(readHostBoot(page({ data: "{not json" }).doc)).toBeNull();
    expect(readHostBoot(page({ data: JSON.stringify({ ...BOOT, appId: 5 }) }).doc)).toBeNull();
    expect(readHostBoot(page({ data: JSON.stringify({ ...BOOT, channel: "draft" }) }).doc)).toBeNull();
  });
});

describe("bootMatchesRoute", () => {
  it("matches the app the URL shows: its slug, or a custom host's app id", () => {
    expect(bootMatchesRoute(BOOT, at("/app/task-board"))).toBe(true);
    expect(bootMatchesRoute(BOOT, at("/app/task-board/Tasks"))).toBe(true);
    expect(bootMatchesRoute(BOOT, at("/Tasks", BOOT.appId))).toBe(true);
  });

  it("refuses another app, a login page, an unknown host and no route", () => {
    expect(bootMatchesRoute(BOOT, at("/app/other-board"))).toBe(false);
    expect(bootMatchesRoute(BOOT, at("/Tasks", "another-app-id"))).toBe(false);
    expect(bootMatchesRoute(BOOT, at(`/apps/${BOOT.appId}/login`))).toBe(false);
    expect(bootMatchesRoute(BOOT, at("/login", BOOT.appId))).toBe(false);
    expect(bootMatchesRoute(BOOT, at("/Tasks"))).toBe(false);
    expect(bootMatchesRoute(BOOT, null)).toBe(false);
  });
});

describe("findBootFrame", () => {
  it("finds the frame the host would make", () => {
    const { doc, frame } = page();
    expect(findBootFrame(doc, BOOT)).toBe(frame);
  });

  it("refuses a frame with another sandbox, another document, or none", () => {
    const src = appFrameSrc(BOOT.appId, BOOT.versionId);
    const refused: Record<string, string>[] = [
      { src, sandbox: `${APP_FRAME_SANDBOX} allow-same-origin` },
      { src },
      { src: appFrameSrc(BOOT.appId, "another-version"), sandbox: APP_FRAME_SANDBOX },
      { sandbox: APP_FRAME_SANDBOX },
    ];
    for (const attributes of refused)
      expect(findBootFrame(page({ frame: attributes }).doc, BOOT), JSON.stringify(attributes)).toBeNull();
    expect(findBootFrame(page({ frame: null }).doc, BOOT)).toBeNull();
  });
});

describe("takeBootFrame", () => {
  it("adopts the frame for its route once, and removes it only on release", () => {
    const { doc, frame, removed } = page();
    const taken = takeBootFrame(at("/app/task-board/Tasks"), doc);
    expect(taken?.boot).toEqual(BOOT);
    expect(taken?.frame).toBe(frame);
    // A second call (React may render twice) gives the same frame.
    expect(takeBootFrame(at("/app/task-board/Tasks"), doc)).toBe(taken);
    expect(removed()).toBe(0);
    taken?.release();
    expect(removed()).toBe(1);
  });

  it("removes a frame that does not fit at once, and the page starts the old way", () => {
    for (const [doc, route] of [
      [page().doc, at("/app/other-board")],
      [page().doc, at(`/apps/${BOOT.appId}/login`)],
      [page().doc, null],
      [page({ data: "{" }).doc, at("/app/task-board")],
      [page({ frame: { src: "/runtime/frame", sandbox: APP_FRAME_SANDBOX } }).doc, at("/app/task-board")],
    ] as const) {
      const before = doc.getElementById(HOST_BOOT_FRAME_ID) as unknown as { remove: () => void };
      let removed = 0;
      const remove = before.remove;
      before.remove = () => {
        removed += 1;
        remove();
      };
      expect(takeBootFrame(route, doc)).toBeNull();
      expect(removed).toBe(1);
    }
  });

  it("is null on a page without boot data or frame", () => {
    const doc = { getElementById: () => null };
    expect(takeBootFrame(at("/app/task-board"), doc)).toBeNull();
  });
});
