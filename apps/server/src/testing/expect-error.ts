import { expect } from "vitest";

type ErrorBody = { error: { code: string; message: string; details?: Record<string, unknown> } };

/** Asserts the common error answer: status, code and the exact user-facing message. */
export function expectError(
  res: { status: number; body: unknown },
  status: number,
  code: string,
  message: string,
): void {
  expect({ status: res.status, code: (res.body as ErrorBody).error?.code }).toEqual({ status, code });
  expect((res.body as ErrorBody).error.message).toBe(message);
}

let counter = 0;
/** A fresh address per test, so tests sharing one platform never collide. */
export function uniqueEmail(prefix: string, label: string): string {
  counter += 1;
  return `${prefix}-${label}-${Date.now()}-${counter}@example.test`;
}
