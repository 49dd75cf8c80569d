import {
  PLAN_ALREADY_INCLUDED_MESSAGE,
  PLAN_REQUEST_LIMIT_MESSAGE,
  PLAN_REQUESTS_PER_WINDOW,
  planRequestSchema,
  planRequestsResponseSchema,
} from "@liftoff/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError, uniqueEmail as sharedUniqueEmail } from "../../testing/expect-error.ts";
import { createTestPlatform, TEST_ADMIN_EMAIL, type TestPlatform } from "../../testing/test-platform.ts";

/** "Request this plan" (issue 13): builders ask, admins are mailed and grant or decline. */
describe("plan requests", () => {
  let t: TestPlatform;
  let adminToken: string;
  const uniqueEmail = (label: string) => sharedUniqueEmail("plan-request", label);

  beforeAll(async () => {
    t = await createTestPlatform();
    adminToken = (await t.signUp(TEST_ADMIN_EMAIL)).token;
  });
  afterAll(async () => {
    await t.close();
  });

  const verifiedBuilder = async (label: string) => {
    const email = uniqueEmail(label);
    const { token, user } = await t.signUp(email);
    await t.verify(email);
    return { email, token, userId: user.id };
  };
  const ask = (token: string | undefined, planId: unknown) =>
    t.request<any>("POST", "/api/account/plan-request", { token, body: { planId } });
  const answer = (id: string, decision: string, token = adminToken) =>
    t.request<any>("POST", `/api/admin/plan-requests/${id}`, { token, body: { decision } });
  const pending = async () => {
    const res = await t.request<any>("GET", "/api/admin/plan-requests", { token: adminToken });
    expect(res.status).toBe(200);
    return planRequestsResponseSchema.parse(res.body).requests;
  };
  const adminMails = async () =>
    (await t.mailsTo(TEST_ADMIN_EMAIL)).filter((mail) => mail.subject.includes("asks for the"));

  it("refuses anonymous callers, unverified addresses and bad plans, and saves nothing", async () => {
    expect((await ask(undefined, "builder")).status).toBe(401);
    const unverified = await t.signUp(uniqueEmail("unverified"));
    const res = await ask(unverified.token, "builder");
    expectError(res, 403, "FORBIDDEN", "Verify your email address before asking for a plan.");
    const { token } = await verifiedBuilder("bad-plan");
    expect((await ask(token, "platinum")).status).toBe(400);
    expect((await ask(token, null)).status).toBe(400);
    expectError(await ask(token, "lite"), 400, "BAD_REQUEST", PLAN_ALREADY_INCLUDED_MESSAGE);
    expect(await pending()).toEqual([]);
  });

  it("records one pending request, mails the admins once, and replaces it on a change", async () => {
    const builder = await verifiedBuilder("asker");
    const before = (await adminMails()).length;
    const first = await ask(builder.token, "builder");
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const request = planRequestSchema.parse(first.body);
    expect(request).toMatchObject({
      email: builder.email,
      planId: "builder",
      status: "pending",
      currentPlan: null,
    });
    const mails = await adminMails();
    expect(mails.length).toBe(before + 1);
    expect(mails[0]?.subject).toBe(`${builder.email} asks for the Builder plan`);
    expect(mails[0]?.text).toContain("http://localhost:3000/admin#plan-requests");

    // The same plan again: the same request, no second mail.
    const again = await ask(builder.token, "builder");
    expect(again.body.id).toBe(request.id);
    expect((await adminMails()).length).toBe(before + 1);

    // Another plan replaces it: still one pending request, for the new plan.
    const changed = await ask(builder.token, "business");
    expect(changed.body).toMatchObject({ id: request.id, planId: "business", status: "pending" });
    expect((await adminMails()).length).toBe(before + 2);
    const mine = await t.request<any>("GET", "/api/account/plan-request", { token: builder.token });
    expect(mine.body.request).toMatchObject({ id: request.id, planId: "business" });
    expect((await pending()).filter((r) => r.userId === builder.userId)).toHaveLength(1);
  });

  it("keeps two concurrent requests to one pending row", async () => {
    const builder = await verifiedBuilder("concurrent");
    const [a, b] = await Promise.all([ask(builder.token, "builder"), ask(builder.token, "master")]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect((await pending()).filter((r) => r.userId === builder.userId)).toHaveLength(1);
  });

  it("lets only admins list and answer; a grant sets the plan and tells the requester", async () => {
    const builder = await verifiedBuilder("granted");
    const { id } = (await ask(builder.token, "builder")).body;
    expectError(
      await t.request("GET", "/api/admin/plan-requests", { token: builder.token }),
      403,
      "FORBIDDEN",
      "Only platform admins can do this",
    );
    expectError(
      await answer(id, "grant", builder.token),
      403,
      "FORBIDDEN",
      "Only platform admins can do this",
    );
    expect((await pending()).map((r) => r.id)).toContain(id);

    const granted = await answer(id, "grant");
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    expect(granted.body).toMatchObject({ id, status: "granted" });
    expect(granted.body.resolvedAt).toEqual(expect.any(String));
    const account = await t.request<any>("GET", "/api/account/current", { token: builder.token });
    expect(account.body.plan).toBe("builder");
    const [mail] = await t.mailsTo(builder.email);
    expect(mail?.subject).toBe("You're on the Builder plan");
    expect((await pending()).map((r) => r.id)).not.toContain(id);
    const mine = await t.request<any>("GET", "/api/account/plan-request", { token: builder.token });
    expect(mine.body.request).toBeNull();

    // Answered once only; an unknown id is 404; a bad decision is 400.
    expectError(await answer(id, "decline"), 409, "CONFLICT", "This request was already answered.");
    expectError(await answer("no-such-request", "grant"), 404, "NOT_FOUND", "Plan request not found");
    expect((await answer(id, "maybe")).status).toBe(400);
    // Now on Builder, asking for Builder again is refused.
    expectError(await ask(builder.token, "builder"), 400, "BAD_REQUEST", PLAN_ALREADY_INCLUDED_MESSAGE);
  });

  it("declines without changing the plan", async () => {
    const builder = await verifiedBuilder("declined");
    const { id } = (await ask(builder.token, "galaxy")).body;
    const declined = await answer(id, "decline");
    expect(declined.body).toMatchObject({ id, status: "declined" });
    const account = await t.request<any>("GET", "/api/account/current", { token: builder.token });
    expect(account.body.plan).toBeNull();
    expect((await t.mailsTo(builder.email))[0]?.subject).toBe("Your request for the Galaxy plan");
  });

  it("limits how often one user can mail the admins", async () => {
    const builder = await verifiedBuilder("spammer");
    const plans = ["explorer", "builder", "monetizer", "business", "master", "moon"];
    for (const planId of plans.slice(0, PLAN_REQUESTS_PER_WINDOW)) {
      expect((await ask(builder.token, planId)).status).toBe(200);
    }
    const before = (await adminMails()).length;
    expectError(
      await ask(builder.token, plans[PLAN_REQUESTS_PER_WINDOW]),
      429,
      "RATE_LIMITED",
      PLAN_REQUEST_LIMIT_MESSAGE,
    );
    expect((await adminMails()).length).toBe(before);
    // The last accepted request stands.
    const mine = await t.request<any>("GET", "/api/account/plan-request", { token: builder.token });
    expect(mine.body.request.planId).toBe(plans[PLAN_REQUESTS_PER_WINDOW - 1]);
  });
});
