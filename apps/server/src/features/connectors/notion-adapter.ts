import type { ConnectorFile, ContextItemType } from "@liftoff/domain";
import type { ExtractedSection } from "@liftoff/knowledge";
import type { Config } from "../../config.ts";
import {
  type ConnectorAdapter,
  ConnectorError,
  type ConnectorTokens,
  tokenExpiresAt,
} from "./connector-adapter.ts";
import { providerFetch, providerJson } from "./provider-fetch.ts";

/** The API version every call names (Notion answers in that version's shapes). */
export const NOTION_VERSION = "2022-06-28";

type NotionTokenAnswer = {
  access_token?: string;
  refresh_token?: string | null;
  expires_in?: number;
  workspace_name?: string | null;
  workspace_id?: string | null;
};
/** Nested blocks are read this deep (a toggle in a list in a callout); deeper ones are skipped. */
const MAX_BLOCK_DEPTH = 4;
/** A page's blocks, or a database's rows, read at most (bounds the calls one item makes). */
const MAX_BLOCKS = 5_000;

type RichText = { plain_text?: string }[];
type NotionBlock = { id: string; type: string; has_children?: boolean } & Record<string, unknown>;
type NotionList<T> = { results: T[]; next_cursor: string | null; has_more: boolean };
type NotionObject = {
  object: "page" | "database";
  id: string;
  url?: string;
  last_edited_time?: string;
  title?: RichText;
  properties?: Record<string, NotionProperty>;
};
type NotionProperty = { type: string } & Record<string, unknown>;

/**
 * Notion over its public REST API (https://developers.notion.com): OAuth of a public
 * integration (token endpoint with HTTP Basic client authentication), search for the
 * picker, a page's blocks as text with its headings, a database's rows as one section each.
 * Access tokens that come with an expiry are refreshed with the refresh token (rotated).
 */
export function createNotionAdapter(config: NonNullable<Config["connectors"]["notion"]>): ConnectorAdapter {
  const api = config.apiUrl;
  const basic = Buffer.from(`${config.clientId}:${config.clientSecret}`).toString("base64");
  const headers = (tokens: ConnectorTokens) => ({
    authorization: `Bearer ${tokens.accessToken}`,
    "notion-version": NOTION_VERSION,
    "content-type": "application/json",
  });
  const call = <T>(
    tokens: ConnectorTokens,
    path: string,
    label: string,
    body?: unknown,
    signal?: AbortSignal,
  ) =>
    providerJson<T>(`${api}${path}`, {
      label,
      method: body === undefined ? "GET" : "POST",
      headers: headers(tokens),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      ...(signal ? { signal } : {}),
    });

  async function blocksText(
    tokens: ConnectorTokens,
    blockId: string,
    depth: number,
    budget: { left: number },
    signal: AbortSignal | undefined,
  ): Promise<{ block: NotionBlock; text: string; depth: number }[]> {
    const lines: { block: NotionBlock; text: string; depth: number }[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `?page_size=100${cursor ? `&start_cursor=${encodeURIComponent(cursor)}` : ""}`;
      const page: NotionList<NotionBlock> = await call(
        tokens,
        `/v1/blocks/${encodeURIComponent(blockId)}/children${query}`,
        "Notion blocks",
        undefined,
        signal,
      );
      for (const block of page.results) {
        if (budget.left-- <= 0) return lines;
        lines.push({ block, text: blockText(block), depth });
        // Child pages and databases are items of their own; their content is not this page's.
        const nested = block.has_children && block.type !== "child_page" && block.type !== "child_database";
        if (nested && depth + 1 < MAX_BLOCK_DEPTH)
          lines.push(...(await blocksText(tokens, block.id, depth + 1, budget, signal)));
      }
      cursor = page.has_more ? page.next_cursor : null;
    } while (cursor);
    return lines;
  }

  /**
   * Notion's token endpoint: the client's credentials as HTTP Basic, a JSON body. A
   * connection made before Notion issued expiring tokens has no refresh token and no
   * expiry, and is used as it is.
   */
  async function tokenGrant(body: Record<string, string>, label: string): Promise<NotionTokenAnswer> {
    const answer = await providerJson<NotionTokenAnswer>(`${api}/v1/oauth/token`, {
      label,
      method: "POST",
      headers: { authorization: `Basic ${basic}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    if (!answer.access_token) throw new ConnectorError(`${label}: no access_token`, 200, false);
    return answer;
  }
  const tokensOf = (answer: NotionTokenAnswer, previousRefresh: string | null): ConnectorTokens => ({
    accessToken: answer.access_token as string,
    refreshToken: answer.refresh_token ?? previousRefresh,
    expiresAt: tokenExpiresAt(answer.expires_in),
  });

  return {
    provider: "notion",
    authorizeUrl(state, redirectUri) {
      const url = new URL(`${api}/v1/oauth/authorize`);
      url.search = new URLSearchParams({
        client_id: config.clientId,
        response_type: "code",
        owner: "user",
        redirect_uri: redirectUri,
        state,
      }).toString();
      return url.toString();
    },
    async exchangeCode(code, redirectUri) {
      const answer = await tokenGrant(
        { grant_type: "authorization_code", code, redirect_uri: redirectUri },
        "Notion token",
      );
      return {
        tokens: tokensOf(answer, null),
        accountName: answer.workspace_name ?? null,
        workspaceId: answer.workspace_id ?? null,
      };
    },
    async refresh(tokens) {
      if (!tokens.refreshToken) return null;
      const answer = await tokenGrant(
        { grant_type: "refresh_token", refresh_token: tokens.refreshToken },
        "Notion token refresh",
      );
      // Notion rotates refresh tokens: the new one replaces the old (which stops working).
      return tokensOf(answer, tokens.refreshToken);
    },
    async revoke(tokens) {
      const answer = await providerFetch(`${api}/v1/oauth/revoke`, {
        label: "Notion revoke",
        method: "POST",
        headers: {
          authorization: `Basic ${basic}`,
          "content-type": "application/json",
          "notion-version": NOTION_VERSION,
        },
        body: JSON.stringify({ token: tokens.accessToken }),
      });
      await answer.body?.cancel();
    },
    async listFiles(tokens, options) {
      const answer = await call<NotionList<NotionObject>>(tokens, "/v1/search", "Notion search", {
        ...(options.query ? { query: options.query } : {}),
        ...(options.cursor ? { start_cursor: options.cursor } : {}),
        page_size: 50,
        sort: { direction: "descending", timestamp: "last_edited_time" },
      });
      const files: ConnectorFile[] = answer.results.map((entry) => ({
        id: entry.id,
        name: titleOf(entry) || "Untitled",
        type: entry.object === "database" ? "notion_database" : "notion_page",
        url: entry.url ?? null,
        modifiedAt: entry.last_edited_time ?? null,
      }));
      return { files, nextCursor: answer.has_more ? answer.next_cursor : null };
    },
    async fetchContent(tokens, fileId, type: ContextItemType, options = {}) {
      const budget = { left: MAX_BLOCKS };
      if (type === "notion_database") {
        const sections: ExtractedSection[] = [];
        let cursor: string | null = null;
        do {
          const rows: NotionList<NotionObject> = await call(
            tokens,
            `/v1/databases/${encodeURIComponent(fileId)}/query`,
            "Notion database query",
            { page_size: 100, ...(cursor ? { start_cursor: cursor } : {}) },
            options.signal,
          );
          for (const row of rows.results) {
            if (budget.left-- <= 0) break;
            const text = Object.entries(row.properties ?? {})
              .map(([name, property]) => [name, propertyText(property)] as const)
              .filter(([, value]) => value !== "")
              .map(([name, value]) => `${name}: ${value}`)
              .join("\n");
            if (text) sections.push({ text, locator: `row ${sections.length + 1}` });
          }
          cursor = rows.has_more && budget.left > 0 ? rows.next_cursor : null;
        } while (cursor);
        return { kind: "document", document: { title: null, sections, bytes: byteLength(sections) } };
      }
      const sections = sectionsByHeading(await blocksText(tokens, fileId, 0, budget, options.signal));
      return { kind: "document", document: { title: null, sections, bytes: byteLength(sections) } };
    },
  };
}

/** A page's text split at its headings: each section starts with its heading and is cited by it. */
function sectionsByHeading(lines: { block: NotionBlock; text: string; depth: number }[]): ExtractedSection[] {
  const sections: ExtractedSection[] = [];
  let current: { text: string[]; locator: string | null } = { text: [], locator: null };
  const flush = () => {
    const text = current.text.join("\n").trim();
    if (text) sections.push({ text, locator: current.locator });
  };
  for (const { block, text, depth } of lines) {
    if (!text) continue;
    if (depth === 0 && block.type.startsWith("heading_")) {
      flush();
      current = { text: [], locator: plain((block[block.type] as { rich_text?: RichText })?.rich_text) };
    }
    current.text.push(`${"  ".repeat(depth)}${text}`);
  }
  flush();
  return sections;
}

/** One block as a line of text, marked as a person would write it (headings, lists, to-dos). */
export function blockText(block: NotionBlock): string {
  const value = (block[block.type] ?? {}) as {
    rich_text?: RichText;
    checked?: boolean;
    title?: string;
    url?: string;
    expression?: string;
    cells?: RichText[];
    language?: string;
  };
  const text = plain(value.rich_text);
  switch (block.type) {
    case "heading_1":
      return `# ${text}`;
    case "heading_2":
      return `## ${text}`;
    case "heading_3":
      return `### ${text}`;
    case "bulleted_list_item":
    case "toggle":
      return `- ${text}`;
    case "numbered_list_item":
      return `1. ${text}`;
    case "to_do":
      return `[${value.checked ? "x" : " "}] ${text}`;
    case "quote":
      return `> ${text}`;
    case "child_page":
    case "child_database":
      return value.title ?? "";
    case "bookmark":
    case "embed":
    case "link_preview":
      return value.url ?? "";
    case "equation":
      return value.expression ?? "";
    case "table_row":
      return (value.cells ?? []).map(plain).join(" | ");
    default:
      return text;
  }
}

/** A database row's property as text (the types a person reads; relations and rollups are ids). */
export function propertyText(property: NotionProperty): string {
  const value = property[property.type] as unknown;
  switch (property.type) {
    case "title":
    case "rich_text":
      return plain(value as RichText);
    case "number":
      return value === null || value === undefined ? "" : String(value);
    case "select":
    case "status":
      return (value as { name?: string } | null)?.name ?? "";
    case "multi_select":
      return ((value as { name?: string }[] | null) ?? []).map((option) => option.name ?? "").join(", ");
    case "checkbox":
      return value ? "yes" : "no";
    case "date": {
      const date = value as { start?: string; end?: string | null } | null;
      return date?.start ? (date.end ? `${date.start} to ${date.end}` : date.start) : "";
    }
    case "url":
    case "email":
    case "phone_number":
    case "created_time":
    case "last_edited_time":
      return typeof value === "string" ? value : "";
    case "people":
      return ((value as { name?: string }[] | null) ?? []).map((person) => person.name ?? "").join(", ");
    case "formula": {
      const formula = value as { type?: string } & Record<string, unknown>;
      const result = formula?.type ? formula[formula.type] : null;
      return result === null || result === undefined ? "" : String(result);
    }
    default:
      return "";
  }
}

function titleOf(entry: NotionObject): string {
  if (entry.object === "database") return plain(entry.title);
  const title = Object.values(entry.properties ?? {}).find((property) => property.type === "title");
  return title ? plain(title.title as RichText) : "";
}

function plain(text: RichText | undefined): string {
  return (text ?? []).map((part) => part.plain_text ?? "").join("");
}

function byteLength(sections: ExtractedSection[]): number {
  return sections.reduce((sum, section) => sum + Buffer.byteLength(section.text), 0);
}
