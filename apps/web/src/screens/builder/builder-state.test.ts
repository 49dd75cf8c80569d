import { describe, expect, it } from "vitest";
import { builderHeaderState, HEADER_STATE_LABELS, publicAppPath } from "./builder-state.ts";

describe("builderHeaderState", () => {
  it("shows Saving while any save is in flight, else the publish state", () => {
    expect(builderHeaderState({ published: true, savesInFlight: 2 })).toBe("saving");
    expect(builderHeaderState({ published: false, savesInFlight: 1 })).toBe("saving");
    expect(builderHeaderState({ published: true, savesInFlight: 0 })).toBe("published");
    expect(builderHeaderState({ published: false, savesInFlight: 0 })).toBe("notPublished");
    expect(Object.values(HEADER_STATE_LABELS)).toEqual(["Published", "Not published", "Saving"]);
  });

  it("builds the public path from the slug", () => {
    expect(publicAppPath("task-board")).toBe("/app/task-board");
  });
});
