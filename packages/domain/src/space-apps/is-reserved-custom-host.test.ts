import { describe, expect, it } from "vitest";
import { isReservedCustomHost } from "./is-reserved-custom-host.ts";

describe("isReservedCustomHost", () => {
  it("reserves the platform's host name, whatever its case", () => {
    expect(isReservedCustomHost("liftoff.example.com", "liftoff.example.com")).toBe(true);
    expect(isReservedCustomHost("LIFTOFF.Example.com.", "liftoff.example.com")).toBe(true);
  });
  it("reserves localhost and its subdomains", () => {
    for (const host of ["localhost", "app.localhost", "a.b.LOCALHOST"]) {
      expect(isReservedCustomHost(host, "liftoff.example.com")).toBe(true);
    }
  });
  it("leaves other names alone, subdomains of the platform included", () => {
    for (const host of ["shop.example.com", "app.liftoff.example.com", "localhost.example.com"]) {
      expect(isReservedCustomHost(host, "liftoff.example.com")).toBe(false);
    }
  });
});
