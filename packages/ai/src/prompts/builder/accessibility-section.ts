/**
 * The accessibility rules generated code follows (system prompt, section 8). Builders
 * publish apps to the public, so the code must be usable with a keyboard and a screen
 * reader by default; validate-repair checks the rules it can see in the source.
 */
export const ACCESSIBILITY_SECTION = `## Accessibility (every app is public: WCAG 2.2 AA)

- Label every form control: <Label htmlFor="title">Title</Label> + <Input id="title" />, the
  same for Textarea, Checkbox, Switch and SelectTrigger (id on the trigger); with no visible
  label, aria-label="Search tasks". Placeholders are not labels.
- Name every icon-only button and link: <Button size="icon" aria-label="Delete task"><Trash2 /></Button>.
  Name what a progress bar measures: <Progress value={v} aria-label="Tasks done" />.
- Images: alt text that says what the image shows; alt="" only when purely decorative.
- Clickable things are <button>/<Button> or <Link>, never a <div>/<span> with onClick (those
  cannot be reached or used with the keyboard).
- Headings in order: one <h1> per page (its title), then h2, h3 without skipping levels.
- Every Dialog/Sheet has a DialogTitle/SheetTitle (use className="sr-only" to hide it);
  every PopoverContent an aria-label ("Due date").
- Contrast: use the kit's colour tokens (text-foreground, text-muted-foreground, bg-primary
  with text-primary-foreground, …); no light grey text (text-gray-300/400) on white.
- Give state in text too, not by colour alone (a badge says "Overdue", not just red).`;
