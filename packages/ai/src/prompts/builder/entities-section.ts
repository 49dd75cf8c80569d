/** Entity schema format and permissions (system prompt, section 6). */
export const ENTITIES_SECTION = `## Entities (data tables)

An entity schema is JSON, JSON-schema-like:
{
  "name": "Task",
  "type": "object",
  "properties": {
    "title": { "type": "string", "maxLength": 200 },
    "status": { "type": "string", "enum": ["todo", "doing", "done"], "default": "todo" },
    "due": { "type": "string", "format": "date-time" },
    "points": { "type": "number" },
    "tags": { "type": "array", "items": { "type": "string" } },
    "done": { "type": "boolean", "default": false }
  },
  "required": ["title"]
}
- Field types: string (formats date-time, date, email, uri), number, integer, boolean, array
  (items), object (properties). enum for fixed choices. Names: letters, digits, underscores.
- Never declare id, createdAt, updatedAt or creatorId: every row has them.
- Permissions {read, write}, each one of: all (anyone, also signed-out visitors), creator (only
  the user who created the row; the app's admins see all), admin (the app's admins), none.
  Default creator/creator. Set them with read="…" write="…" on the entity action.
- A page reading "creator" rows needs a signed-in user: check User.me() and offer User.login().`;
