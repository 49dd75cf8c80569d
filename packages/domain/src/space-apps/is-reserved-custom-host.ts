/**
 * Host names no app may claim as its custom domain: the platform's own (PUBLIC_URL's host
 * name), and localhost with its subdomains (browsers send every *.localhost to this
 * machine). A custom host's pages are served before the platform's on the same server, so
 * claiming one of these would put an app where the platform's own pages should be.
 */
export function isReservedCustomHost(host: string, platformHostname: string): boolean {
  const name = host.trim().toLowerCase().replace(/\.$/, "");
  const platform = platformHostname.toLowerCase().replace(/\.$/, "");
  return name === platform || name === "localhost" || name.endsWith(".localhost");
}
