/**
 * Assistant replies used by the chat's integration tests, e2e flows and benchmark with the
 * fake provider: written in the action protocol exactly as a model would answer.
 */
export const TASK_APP_REPLY = `I'll build a simple todo app with a Task entity and a page to manage tasks.

<liftoff-group title="Todo app">
<liftoff-action type="add_entity" file="Task" title="Task entity" read="creator" write="creator">
{
  "name": "Task",
  "type": "object",
  "properties": {
    "title": { "type": "string", "maxLength": 200 },
    "done": { "type": "boolean", "default": false }
  },
  "required": ["title"]
}
</liftoff-action>
<liftoff-action type="add_file" file="layout.jsx" title="Layout">
export default function Layout({ children }) {
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b bg-white px-6 py-4 text-lg font-semibold">Todo</header>
      <main className="mx-auto max-w-2xl p-6">{children}</main>
    </div>
  );
}
</liftoff-action>
<liftoff-action type="add_file" file="pages/Tasks.jsx" title="Task list page">
import { useEffect, useState } from "react";
import { Task } from "@/api/entities";
import { toast } from "sonner";

export default function Tasks() {
  const [tasks, setTasks] = useState([]);
  const [title, setTitle] = useState("");
  useEffect(() => {
    Task.list("-createdAt", 50).then(setTasks).catch(() => toast.error("Could not load tasks"));
  }, []);
  async function add(event) {
    event.preventDefault();
    if (!title.trim()) return;
    const task = await Task.create({ title });
    setTasks((list) => [task, ...list]);
    setTitle("");
  }
  return (
    <div className="space-y-4">
      <h1 data-testid="tasks-title" className="text-2xl font-bold">My tasks</h1>
      <form onSubmit={add} className="flex gap-2">
        <Input data-testid="new-task" aria-label="New task" value={title} onChange={(e) => setTitle(e.target.value)} placeholder="What needs doing?" />
        <Button type="submit"><Plus className="h-4 w-4" /> Add</Button>
      </form>
      <ul className="space-y-2">
        {tasks.map((task) => (
          <li key={task.id} className="rounded-lg border bg-white p-3">{task.title}</li>
        ))}
      </ul>
    </div>
  );
}
</liftoff-action>
<liftoff-action type="insert_entity_records" file="Task" title="Sample tasks">
[{ "title": "Try the new app" }, { "title": "Invite a friend", "done": true }]
</liftoff-action>
</liftoff-group>

Your todo app is ready: add tasks on the Tasks page.`;

/** A follow-up edit by search/replace (matches TASK_APP_REPLY's page). */
export const RENAME_TITLE_REPLY = `I renamed the page heading.

<liftoff-action type="edit_file" file="pages/Tasks.jsx" title="Rename heading">
<<<<<<< SEARCH
      <h1 data-testid="tasks-title" className="text-2xl font-bold">My tasks</h1>
=======
      <h1 data-testid="tasks-title" className="text-2xl font-bold">Team tasks</h1>
>>>>>>> REPLACE
</liftoff-action>`;
