import type { FieldMessages, Tool } from "@liftoff/domain";
import { Field, Input } from "@liftoff/ui";
import { useState } from "react";
import { SettingsSection as Section, ToggleRow } from "../app-settings/settings-section.tsx";
import { parseCreditsPerRun } from "./settings-model.ts";

/**
 * A tool's admin-only settings (spec section 6): pro tool (end users need a plan with pro
 * tools access) and its credits per run (0 to 20). Shown to platform admins only; the
 * server refuses them from anyone else.
 */
export function ToolAdminCard(props: { tool: Tool; onChange: (next: Tool) => void; errors: FieldMessages }) {
  const { tool } = props;
  const [credits, setCredits] = useState(String(tool.creditsPerRun));
  const invalid = parseCreditsPerRun(credits) === null;
  return (
    <Section title="Admin" description="Visible to platform admins only.">
      <ToggleRow
        id={`tool-pro-${tool.toolId}`}
        label="Pro tool"
        description="Only end users of plans with pro tools access can run it."
        checked={tool.isProTool}
        onChange={(isProTool) => props.onChange({ ...tool, isProTool })}
      />
      <Field
        label="Credits per run"
        htmlFor={`tool-credits-${tool.toolId}`}
        hint="A whole number from 0 to 20"
        error={invalid ? "A whole number from 0 to 20" : props.errors.creditsPerRun}
      >
        <Input
          id={`tool-credits-${tool.toolId}`}
          inputMode="numeric"
          value={credits}
          onChange={(event) => {
            setCredits(event.target.value);
            const value = parseCreditsPerRun(event.target.value);
            if (value !== null) props.onChange({ ...tool, creditsPerRun: value });
          }}
        />
      </Field>
    </Section>
  );
}
