import { describe, expect, it } from "vitest";
import { createClient } from "./create-client.ts";
import { CORE_INTEGRATIONS } from "./create-integrations.ts";
import { NAMED_PARAMETERS_MESSAGE } from "./integration-request.ts";
import { SdkError } from "./sdk-error.ts";
import { fakeFetch, json } from "./testing/fake-fetch.ts";

function setup() {
  const fake = fakeFetch(() => json(200, { result: "ok" }));
  const client = createClient({ baseUrl: "", appId: "app1", getToken: () => "tok", fetch: fake.fetch });
  return { ...fake, Core: client.integrations.Core };
}

describe("integrations.Core", () => {
  it("has the seven core integrations", () => {
    expect(Object.keys(setup().Core).sort()).toEqual([...CORE_INTEGRATIONS].sort());
  });

  it.each(CORE_INTEGRATIONS)("%s POSTs its JSON parameters to /integrations/Core/%s", async (name) => {
    const { Core, last } = setup();
    await expect(Core[name]({ prompt: "hi", n: 2 })).resolves.toEqual({ result: "ok" });
    expect(last().method).toBe("POST");
    expect(last().url.pathname).toBe(`/integrations/Core/${name}`);
    expect(last().url.searchParams.get("appId")).toBe("app1");
    expect(last().body).toEqual({ prompt: "hi", n: 2 });
    expect(last().headers.get("authorization")).toBe("Bearer tok");
  });

  it.each([["Summarize this"], [["a", "b"]], [undefined], [null], [42]])(
    "refuses %j with the named-parameters message, before any request",
    async (params) => {
      const { Core, calls } = setup();
      const error = await Core.InvokeLLM(params as any).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SdkError);
      expect((error as SdkError).message).toBe(
        'Integration calls take an object of named parameters, for example { prompt: "…" }',
      );
      expect((error as SdkError).message).toBe(NAMED_PARAMETERS_MESSAGE);
      expect(calls).toHaveLength(0);
    },
  );

  it("sends File and Blob values as multipart, with the other values as text or JSON", async () => {
    const { Core, last } = setup();
    const file = new File(["hello"], "notes.txt", { type: "text/plain" });
    await Core.UploadFile({ file, folder: "docs", meta: { a: 1 }, skip: undefined, none: null });
    const form = last().body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(last().headers.has("content-type")).toBe(false); // fetch adds the boundary
    const sent = form.get("file") as File;
    expect([sent.name, await sent.text()]).toEqual(["notes.txt", "hello"]);
    expect(form.get("folder")).toBe("docs");
    expect(form.get("meta")).toBe('{"a":1}');
    expect([...form.keys()].sort()).toEqual(["file", "folder", "meta"]);
  });

  it("names a bare Blob after its parameter", async () => {
    const { Core, last } = setup();
    await Core.ExtractDataFromUploadedFile({ file: new Blob(["x"]) });
    expect(((last().body as FormData).get("file") as File).name).toBe("file");
  });

  it("surfaces server errors as SdkError", async () => {
    const fake = fakeFetch(() => json(402, { error: { code: "PLAN_LIMIT", message: "Out of credits" } }));
    const client = createClient({ baseUrl: "", appId: "a", fetch: fake.fetch });
    await expect(client.integrations.Core.InvokeLLM({ prompt: "x" })).rejects.toMatchObject({
      status: 402,
      code: "PLAN_LIMIT",
      message: "Out of credits",
    });
  });
});
