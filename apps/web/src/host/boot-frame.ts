import {
  APP_FRAME_SANDBOX,
  appFrameSrc,
  HOST_BOOT_DATA_ID,
  HOST_BOOT_FRAME_ID,
  type HostBoot,
  parseHostBoot,
  type RuntimeBundle,
} from "@liftoff/domain";
import type { HostRoute } from "./host-route.ts";
import { relayFrameModules } from "./relay-frame-modules.ts";

/** What the host page needs to run an app's frame: from the server's boot data, or from /runtime/bundle. */
export type HostedApp = {
  id: string;
  versionId: string;
  channel: "published" | "draft";
  /** The frame grant a draft's frame URL needs (an admin viewing an unpublished app). */
  frameGrant: string | null;
  name: string;
  icon: string | null;
  showWatermark: boolean;
};

export function hostedAppOfBundle(bundle: RuntimeBundle): HostedApp {
  const { app } = bundle;
  return {
    id: app.id,
    versionId: bundle.versionId,
    channel: bundle.channel,
    frameGrant: bundle.frameGrant ?? null,
    name: app.name,
    icon: app.icon,
    showWatermark: app.showWatermark,
  };
}

export function hostedAppOfBoot(boot: HostBoot): HostedApp {
  return {
    id: boot.appId,
    versionId: boot.versionId,
    channel: boot.channel,
    frameGrant: null,
    name: boot.name,
    icon: boot.icon,
    showWatermark: boot.showWatermark,
  };
}

/** The app's frame the server put into the page, already loading, with the data it was made from. */
export type BootFrame = {
  boot: HostBoot;
  frame: HTMLIFrameElement;
  /** Takes the frame out of the page (the app is not shown after all: not found, private, updating). */
  release: () => void;
};

/** The few DOM calls this needs, so it is tested without a browser. */
export type BootDocument = { getElementById: (id: string) => Element | null };

/** The server's boot data in the page, or null when there is none or it does not parse. */
export function readHostBoot(doc: BootDocument): HostBoot | null {
  const text = doc.getElementById(HOST_BOOT_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    return parseHostBoot(JSON.parse(text));
  } catch {
    return null;
  }
}

/** Whether boot data is for the app this URL shows (by slug, or by the custom host's app id). */
export function bootMatchesRoute(boot: HostBoot, route: HostRoute | null): boolean {
  if (route?.page !== "app") return false;
  const { lookup } = route;
  if ("slug" in lookup) return lookup.slug === boot.slug;
  if ("appId" in lookup) return lookup.appId === boot.appId;
  return false;
}

/**
 * The pre-made `<iframe>`, only when it is exactly the frame the host would make for the
 * boot data: same document URL, and the same sandbox (never one with more permissions).
 */
export function findBootFrame(doc: BootDocument, boot: HostBoot): HTMLIFrameElement | null {
  const frame = doc.getElementById(HOST_BOOT_FRAME_ID)?.querySelector("iframe");
  if (!frame) return null;
  if (frame.getAttribute("sandbox") !== APP_FRAME_SANDBOX) return null;
  if (frame.getAttribute("src") !== appFrameSrc(boot.appId, boot.versionId, null, Boolean(boot.relay)))
    return null;
  return frame;
}

const taken = new WeakMap<object, BootFrame | null>();

/**
 * Once per page (repeat calls give the same answer): the frame the server started for this
 * route, to adopt instead of making a new one. When there is none that fits — no or bad
 * boot data, another app, a login page, a frame that is not what the host would make — any
 * pre-made frame is removed at once and the page starts the old way (/runtime/bundle first).
 */
export function takeBootFrame(
  route: HostRoute | null,
  doc: BootDocument = document,
  relay: typeof relayFrameModules | null = relayFrameModules,
): BootFrame | null {
  if (taken.has(doc)) return taken.get(doc) ?? null;
  const container = doc.getElementById(HOST_BOOT_FRAME_ID);
  const release = () => container?.remove();
  const boot = readHostBoot(doc);
  const frame = boot && bootMatchesRoute(boot, route) ? findBootFrame(doc, boot) : null;
  const result = boot && frame ? { boot, frame, release } : null;
  if (!result) release();
  // A relayed frame is waiting for its modules: start fetching them now.
  else if (result.boot.relay && relay) relay({ frame: result.frame, relay: result.boot.relay });
  taken.set(doc, result);
  return result;
}
