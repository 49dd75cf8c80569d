import { describe, expect, it } from "vitest";
import { clientNetworkOf } from "./client-network-of.ts";

describe("clientNetworkOf", () => {
  it("keeps IPv4 addresses and unknown text, and reads IPv4-mapped IPv6 as IPv4", () => {
    expect(clientNetworkOf("198.51.100.7")).toBe("198.51.100.7");
    expect(clientNetworkOf("unknown")).toBe("unknown");
    expect(clientNetworkOf("::ffff:198.51.100.7")).toBe("198.51.100.7");
    expect(clientNetworkOf("::FFFF:c633:6407")).toBe("198.51.100.7");
  });

  it("counts an IPv6 address by its /64, however it is written", () => {
    const net = "2001:db8:1:2::/64";
    for (const ip of [
      "2001:db8:1:2::1",
      "2001:0DB8:0001:0002:ffff:1:2:3",
      "2001:db8:1:2:0:0:0:9",
      "2001:db8:1:2::1%eth0",
    ])
      expect(clientNetworkOf(ip)).toBe(net);
    expect(clientNetworkOf("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(clientNetworkOf("::1")).toBe("0:0:0:0::/64");
    expect(clientNetworkOf("fe80::1")).toBe("fe80:0:0:0::/64");
  });
});
