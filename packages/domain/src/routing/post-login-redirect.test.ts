import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  APP_PACKAGES_PATH,
  POST_LOGIN_DEFAULT_PATH,
  type PostLoginRedirectInput,
  postLoginRedirect,
  VERIFY_EMAIL_PATH,
} from "./post-login-redirect.ts";

type Account = NonNullable<PostLoginRedirectInput["account"]>;

const plainAccount: Account = {
  accountType: "builder",
  appsCount: 2,
  hasPaidAppPackage: false,
  appPackages: [],
};
const newPackageBuyer: Account = {
  accountType: "builder",
  appsCount: 0,
  hasPaidAppPackage: true,
  appPackages: [
    { appId: "pkg-app-1", sharedAppId: "shared-1" },
    { appId: "pkg-app-2", sharedAppId: "shared 2/x" },
  ],
};

function redirect(
  query: PostLoginRedirectInput["query"],
  options: { verified?: boolean; account?: Account | null } = {},
): string {
  return postLoginRedirect({
    query,
    user: { emailVerified: options.verified ?? true },
    account: options.account === undefined ? plainAccount : options.account,
  });
}

describe("rule 2: default", () => {
  it("goes to /apps with no query", () => {
    expect(redirect({})).toBe("/apps");
    expect(POST_LOGIN_DEFAULT_PATH).toBe("/apps");
  });

  it("goes to /apps when the account is not created yet", () => {
    expect(redirect({}, { account: null })).toBe("/apps");
  });

  it("ignores unrelated parameters", () => {
    expect(redirect({ sale_id: "s1", goto: "upgrade_app_plan", continueUrl: "/x", appName: "A" })).toBe(
      "/apps",
    );
  });
});

describe("rule 1: explicit targets", () => {
  it("claimApp -> /apps?claimApp={id}", () => {
    expect(redirect({ claimApp: "app42" })).toBe("/apps?claimApp=app42");
  });

  it("duplicateTemplate -> /templates?duplicateTemplate={id}", () => {
    expect(redirect({ duplicateTemplate: "tpl7" })).toBe("/templates?duplicateTemplate=tpl7");
  });

  it("redirectTo -> the path itself", () => {
    expect(redirect({ redirectTo: "/build/app/a1/tools?generateTool=true" })).toBe(
      "/build/app/a1/tools?generateTool=true",
    );
  });

  it("encodes ids so they cannot add parameters or paths", () => {
    expect(redirect({ claimApp: "a&redirectTo=//evil" })).toBe("/apps?claimApp=a%26redirectTo%3D%2F%2Fevil");
    expect(redirect({ duplicateTemplate: "t 1/../x" })).toBe("/templates?duplicateTemplate=t%201%2F..%2Fx");
  });

  it("prefers claimApp, then duplicateTemplate, then redirectTo", () => {
    const all = { claimApp: "c", duplicateTemplate: "d", redirectTo: "/r" };
    expect(redirect(all)).toBe("/apps?claimApp=c");
    expect(redirect({ duplicateTemplate: "d", redirectTo: "/r" })).toBe("/templates?duplicateTemplate=d");
  });

  it.each([
    "https://evil.example",
    "//evil.example",
    "/\\evil.example",
    "javascript:alert(1)",
    "/%2F%2Fevil.example",
    "apps",
  ])("ignores an unsafe redirectTo %s and falls through to the other rules", (target) => {
    expect(redirect({ redirectTo: target })).toBe("/apps");
    expect(redirect({ redirectTo: target }, { account: newPackageBuyer })).toBe("/apps/packages");
    expect(redirect({ redirectTo: target, requestedAppId: "pkg-app-1" }, { account: newPackageBuyer })).toBe(
      "/app/shared-1",
    );
  });

  it("treats empty values as absent", () => {
    expect(redirect({ claimApp: "" })).toBe("/apps");
    expect(redirect({ claimApp: "", duplicateTemplate: "d" })).toBe("/templates?duplicateTemplate=d");
    expect(redirect({ claimApp: "", duplicateTemplate: "", redirectTo: "/x" })).toBe("/x");
    expect(redirect({ redirectTo: "" })).toBe("/apps");
  });

  it("treats undefined record values as absent", () => {
    expect(redirect({ claimApp: undefined, redirectTo: "/x" })).toBe("/x");
  });

  it("beats rules 3 and 4", () => {
    const query = { claimApp: "c", requestedAppId: "pkg-app-1" };
    expect(redirect(query, { account: newPackageBuyer })).toBe("/apps?claimApp=c");
    expect(redirect({ redirectTo: "/home" }, { account: newPackageBuyer })).toBe("/home");
  });
});

describe("rule 3: new builder with a paid app package", () => {
  it("goes to /apps/packages", () => {
    expect(redirect({}, { account: newPackageBuyer })).toBe("/apps/packages");
    expect(APP_PACKAGES_PATH).toBe("/apps/packages");
  });

  it.each<[string, Partial<Account>]>([
    ["the account already has apps", { appsCount: 1 }],
    ["the package is not paid", { hasPaidAppPackage: false }],
    ["the account is not a builder", { accountType: "user" }],
  ])("does not apply when %s", (_label, patch) => {
    expect(redirect({}, { account: { ...newPackageBuyer, ...patch } })).toBe("/apps");
  });
});

describe("rule 4: requested app from a package", () => {
  it("goes to /app/{sharedAppId} when requestedAppId matches a package's appId", () => {
    expect(redirect({ requestedAppId: "pkg-app-1" }, { account: newPackageBuyer })).toBe("/app/shared-1");
  });

  it("encodes the shared app id", () => {
    expect(redirect({ requestedAppId: "pkg-app-2" }, { account: newPackageBuyer })).toBe(
      "/app/shared%202%2Fx",
    );
  });

  it("matches appId, not sharedAppId", () => {
    expect(redirect({ requestedAppId: "shared-1" }, { account: newPackageBuyer })).toBe("/apps/packages");
  });

  it("applies to any account type and app count, and beats rule 3", () => {
    const veteran = { ...newPackageBuyer, appsCount: 9, accountType: "user" as const };
    expect(redirect({ requestedAppId: "pkg-app-1" }, { account: veteran })).toBe("/app/shared-1");
    expect(redirect({ requestedAppId: "pkg-app-1" }, { account: newPackageBuyer })).toBe("/app/shared-1");
  });

  it("falls through when nothing matches", () => {
    expect(redirect({ requestedAppId: "other" }, { account: newPackageBuyer })).toBe("/apps/packages");
    expect(redirect({ requestedAppId: "other" })).toBe("/apps");
    expect(redirect({ requestedAppId: "" }, { account: newPackageBuyer })).toBe("/apps/packages");
  });

  it("cannot apply before the account exists", () => {
    expect(redirect({ requestedAppId: "pkg-app-1" }, { account: null })).toBe("/apps");
  });
});

describe("rule 5: unverified e-mail", () => {
  it("goes to /auth/verifyEmail without a query when there is none", () => {
    expect(redirect({}, { verified: false })).toBe("/auth/verifyEmail");
    expect(VERIFY_EMAIL_PATH).toBe("/auth/verifyEmail");
  });

  it("keeps the whole query string", () => {
    const query = new URLSearchParams("continueUrl=%2Fapp%2Fx&appName=My+App&claimApp=c1&sale_id=s");
    expect(redirect(query, { verified: false })).toBe(`/auth/verifyEmail?${query.toString()}`);
  });

  it("beats every other rule", () => {
    const query = { claimApp: "c", duplicateTemplate: "d", redirectTo: "/r", requestedAppId: "pkg-app-1" };
    const target = redirect(query, { verified: false, account: newPackageBuyer });
    expect(target.startsWith("/auth/verifyEmail?")).toBe(true);
    expect(Object.fromEntries(new URLSearchParams(target.split("?")[1]))).toEqual(query);
  });

  it("keeps even an unsafe redirectTo, encoded: the verify page re-applies these rules", () => {
    expect(redirect({ redirectTo: "//evil.example" }, { verified: false })).toBe(
      "/auth/verifyEmail?redirectTo=%2F%2Fevil.example",
    );
  });

  it("keeps repeated parameters", () => {
    const query = new URLSearchParams([
      ["tag", "a"],
      ["tag", "b"],
    ]);
    expect(redirect(query, { verified: false })).toBe("/auth/verifyEmail?tag=a&tag=b");
  });
});

describe("query shapes", () => {
  it("reads a URLSearchParams and a record the same way", () => {
    const cases: Record<string, string>[] = [
      { claimApp: "c" },
      { duplicateTemplate: "d" },
      { redirectTo: "/x?y=1" },
      { requestedAppId: "pkg-app-1" },
      {},
    ];
    for (const record of cases) {
      const params = new URLSearchParams(record);
      for (const verified of [true, false]) {
        expect(redirect(params, { verified, account: newPackageBuyer })).toBe(
          redirect(record, { verified, account: newPackageBuyer }),
        );
      }
    }
  });

  it("does not change the URLSearchParams it is given", () => {
    const params = new URLSearchParams("claimApp=c&x=1");
    redirect(params, { verified: false });
    redirect(params);
    expect(params.toString()).toBe("claimApp=c&x=1");
  });

  it("uses the first non-empty value of a repeated parameter", () => {
    expect(redirect(new URLSearchParams("claimApp=&claimApp=c2&claimApp=c3"))).toBe("/apps?claimApp=c2");
  });
});

describe("properties", () => {
  const text = fc.string({ maxLength: 30 });
  const account = fc.record({
    accountType: fc.constantFrom("builder" as const, "user" as const),
    appsCount: fc.nat(5),
    hasPaidAppPackage: fc.boolean(),
    appPackages: fc.array(fc.record({ appId: fc.string({ maxLength: 8 }), sharedAppId: text }), {
      maxLength: 3,
    }),
  });
  const query = fc.record(
    {
      claimApp: text,
      duplicateTemplate: text,
      redirectTo: fc.oneof(text, fc.constantFrom("/apps/x", "//evil.example", "https://evil.example")),
      requestedAppId: fc.string({ maxLength: 8 }),
      continueUrl: text,
    },
    { requiredKeys: [] },
  );

  it("always answers a same-site path", () => {
    fc.assert(
      fc.property(query, fc.boolean(), fc.option(account, { nil: null }), (q, verified, acc) => {
        const target = postLoginRedirect({ query: q, user: { emailVerified: verified }, account: acc });
        expect(target.startsWith("/")).toBe(true);
        expect(target.startsWith("//")).toBe(false);
        expect([...target].some((char) => char === "\\" || char.charCodeAt(0) < 0x20)).toBe(false);
        expect(new URL(target, "https://liftoff.example").origin).toBe("https://liftoff.example");
      }),
    );
  });

  it("sends every unverified user to the verify page with their query", () => {
    fc.assert(
      fc.property(query, fc.option(account, { nil: null }), (q, acc) => {
        const target = postLoginRedirect({ query: q, user: { emailVerified: false }, account: acc });
        const [path, search = ""] = target.split("?");
        expect(path).toBe("/auth/verifyEmail");
        expect(new URLSearchParams(search).toString()).toBe(new URLSearchParams(q).toString());
      }),
    );
  });

  it("never sends a verified user to the verify page", () => {
    fc.assert(
      fc.property(query, fc.option(account, { nil: null }), (q, acc) => {
        const target = postLoginRedirect({ query: q, user: { emailVerified: true }, account: acc });
        if (!q.redirectTo?.startsWith("/auth/verifyEmail"))
          expect(target.startsWith("/auth/verifyEmail")).toBe(false);
      }),
    );
  });
});
