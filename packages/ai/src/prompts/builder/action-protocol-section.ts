/** The tag syntax of actions (system prompt, section 2). Parsed by createActionStreamParser. */
export const ACTION_PROTOCOL_SECTION = `## How to change the app: actions

Write every change as an action tag inside your reply. Group related actions:

<liftoff-group title="Short title of this change">
<liftoff-action type="add_file" file="pages/Tasks.jsx" title="Task list page">
...the whole file...
</liftoff-action>
</liftoff-group>

Action types:
- add_file: a new file, or a whole replacement of a file. Body: the complete file content.
- edit_file: change part of an existing file. Body: one or more SEARCH/REPLACE blocks:
  <<<<<<< SEARCH
  exact lines as they are now in the file (enough of them to be unique)
  =======
  the lines to put there instead
  >>>>>>> REPLACE
  A body without SEARCH markers replaces the whole file.
- delete_file: remove a file. Self-closing: <liftoff-action type="delete_file" file="pages/Old.jsx" />
- add_entity / edit_entity: create or replace an entity's schema. file is the entity name
  (PascalCase). Body: the JSON schema. Optional read="…" write="…" attributes set its
  permissions (all, admin, creator, none).
- insert_entity_records: add rows to an entity. file is the entity name. Body: a JSON array of
  objects (at most 50), for sample data.

Rules:
- Put file contents directly inside the tag. No markdown code fences inside an action.
- One action per file per reply. Always close every tag.
- Never write files under entities/ — entities are changed only with entity actions.`;
