import { Search, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { PRIORITIES } from "@/services/taskMeta";

export const NO_FILTERS = { search: "", priority: "all", tag: "all" };

export function applyFilters(tasks, filters) {
  const search = filters.search.trim().toLowerCase();
  return tasks.filter((task) => {
    if (filters.priority !== "all" && task.priority !== filters.priority) return false;
    if (filters.tag !== "all" && !(task.tags ?? []).includes(filters.tag)) return false;
    if (!search) return true;
    return `${task.title} ${task.description ?? ""}`.toLowerCase().includes(search);
  });
}

export default function BoardFilters({ filters, onChange, tags }) {
  const active = filters.search || filters.priority !== "all" || filters.tag !== "all";
  const set = (field) => (value) => onChange({ ...filters, [field]: value });

  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
      <div className="relative sm:w-64">
        <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground" />
        <Input
          value={filters.search}
          onChange={(event) => set("search")(event.target.value)}
          placeholder="Search tasks"
          aria-label="Search tasks"
          className="bg-background pl-9"
        />
      </div>
      <div className="flex gap-2">
        <Select value={filters.priority} onValueChange={set("priority")}>
          <SelectTrigger aria-label="Filter by priority" className="w-full bg-background sm:w-36">
            <SelectValue placeholder="Priority" />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="all">All priorities</SelectItem>
            {PRIORITIES.map((priority) => (
              <SelectItem key={priority.id} value={priority.id}>
                {priority.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Select value={filters.tag} onValueChange={set("tag")}>
          <SelectTrigger aria-label="Filter by tag" className="w-full bg-background sm:w-36">
            <SelectValue placeholder="Tag" />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="all">All tags</SelectItem>
            {tags.map((tag) => (
              <SelectItem key={tag} value={tag}>
                #{tag}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        {active ? (
          <Button variant="ghost" size="icon" onClick={() => onChange(NO_FILTERS)} aria-label="Clear filters">
            <X className="h-4 w-4" />
          </Button>
        ) : null}
      </div>
    </div>
  );
}
