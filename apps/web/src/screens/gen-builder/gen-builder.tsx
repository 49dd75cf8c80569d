import type { AppSummary, SavedApp, SavedAppResponse, Tool } from "@liftoff/domain";
import { Button, Callout, CalloutDescription, CalloutTitle, EmptyState, Skeleton, toast } from "@liftoff/ui";
import { ArrowLeftIcon, CheckIcon, ChevronRightIcon, SearchXIcon, SparklesIcon } from "lucide-react";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { useLocation, useNavigate, useParams } from "react-router";
import { errorMessage } from "../../lib/api.ts";
import { AppRunsBanner } from "../../lib/app-runs-banner.tsx";
import { appRunsLimit } from "../../lib/app-runs-limit.ts";
import { useSession } from "../../lib/session.tsx";
import { LoadError } from "../apps/load-error.tsx";
import { useResource } from "../apps/use-resource.ts";
import { builderPanelEntries } from "../builder/builder-panels.ts";
import { PANEL_ICONS } from "../builder/panel-icons.ts";
import { useIsWide } from "../builder/use-is-wide.ts";
import { useLeaveGuard } from "../builder/use-leave-guard.ts";
import { useUpgradeDialog } from "../pricing/upgrade-dialog.tsx";
import { addGeneratedTool } from "./add-generated-tool.ts";
import { ApiKeysCard } from "./api-keys-card.tsx";
import { firstActiveTool } from "./api-keys-model.ts";
import { BrandingPanel } from "./branding-panel.tsx";
import { ChatAssistantPanel } from "./chat-assistant-panel.tsx";
import { CtaPanel } from "./cta-panel.tsx";
import { DataSourcesPanel } from "./data-sources-panel.tsx";
import type { GenBuilderViewer, ToolEditorProps } from "./editor-types.ts";
import { FieldsPanel } from "./fields-panel.tsx";
import { GenBuilderHeader } from "./gen-builder-header.tsx";
import {
  doneView,
  GEN_PANEL_TITLES,
  type GenPanel,
  type GenView,
  genViewFromLocation,
  genViewHref,
  TOOL_EDITOR_PANELS,
  viewOfEntry,
} from "./gen-builder-nav.ts";
import { GenSettingsPanel } from "./gen-settings-panel.tsx";
import { GenerateToolDialog } from "./generate-tool-dialog.tsx";
import { InstructionsEditor } from "./instructions-editor.tsx";
import { ResultsLayoutPanel } from "./results-layout-panel.tsx";
import { RunHistoryPanel } from "./run-history-panel.tsx";
import { messagesUnder } from "./save-failure.ts";
import { savedAppApi } from "./saved-app-api.ts";
import { SavedVersionsCard } from "./saved-versions-card.tsx";
import { StepsEditor } from "./steps-editor.tsx";
import { TextsPanel } from "./texts-panel.tsx";
import { ToolAdminCard } from "./tool-admin-card.tsx";
import { ToolPagePreview } from "./tool-page-preview.tsx";
import { ToolsPanel } from "./tools-panel.tsx";
import { type SavedAppEditor, useSavedAppEditor } from "./use-saved-app-editor.ts";

/** Spec section 9: scroll/focus delay. */
const SCROLL_DELAY_MS = 200;

const TOOL_TAB_LABELS: Partial<Record<GenPanel, string>> = {
  fields: "Fields & layout",
  texts: "Tool texts",
  callToAction: "Call to action",
  customDataSource: "Data sources",
};

const ENTRY_DESCRIPTIONS: Record<string, string> = {
  texts: "Header, description, input texts and examples",
  branding: "Style, colours, logo and watermark",
  tools: "Add, order and activate the app's tools",
  chat: "The app's chat assistant",
  settings: "Run limits, sign-up and the model",
  fields: "What end users fill in, and the instructions",
  resultsLayout: "The blocks a result is made of",
  callToAction: "What end users see after a result",
  dataSources: "Files and pages the tool answers from",
  runs: "What end users asked, what they got, and the Run API keys",
};

export type GenBuilderProps = {
  app: AppSummary;
  setApp: (update: (current: AppSummary) => AppSummary) => void;
};

/**
 * /build/app/{appId} for a generated app or single tool (issue 15): the panels of spec
 * section 2 on the left, the tool page's live preview on the right, saved automatically.
 */
export function GenBuilder({ app, setApp }: GenBuilderProps) {
  const saved = useResource(`saved-app:${app.id}`, () => savedAppApi.load(app.id));
  if (saved.status === "loading")
    return (
      <div className="grid min-h-dvh content-start gap-4 p-4" aria-busy="true">
        <Skeleton className="h-12 w-full" />
        <div className="grid gap-4 lg:grid-cols-[480px_minmax(0,1fr)]">
          <Skeleton className="h-96 rounded-xl" />
          <Skeleton className="h-96 rounded-xl" />
        </div>
      </div>
    );
  if (saved.status === "error")
    return (
      <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-10">
        <LoadError title="Couldn't load this app" error={saved.error} onRetry={saved.reload} />
      </div>
    );
  return <GenBuilderScreen summary={app} setApp={setApp} initial={saved.data} />;
}

function GenBuilderScreen({
  summary,
  setApp,
  initial,
}: {
  summary: AppSummary;
  setApp: GenBuilderProps["setApp"];
  initial: SavedAppResponse;
}) {
  const editor = useSavedAppEditor(initial);
  const { app, meta } = editor;
  const kind = meta.kind;
  const { account } = useSession();
  const upgrade = useUpgradeDialog();
  const wide = useIsWide();
  const navigate = useNavigate();
  const location = useLocation();
  const rest = useParams()["*"] ?? "";
  const view = genViewFromLocation(kind, rest, location.search);
  const [previewShown, setPreviewShown] = useState(false);
  const [publishing, setPublishing] = useState(false);
  useLeaveGuard(editor.isDirty, `/build/app/${encodeURIComponent(summary.id)}`);

  const viewer: GenBuilderViewer = {
    isAdmin: account?.isAdmin ?? false,
    // The plan rules are the owner's, also when a platform admin edits someone's app.
    plan: meta.ownerPlan,
    isSignupEnabled: app.settings.isSignupEnabled,
  };
  const entries = builderPanelEntries(kind, viewer);
  const toolIndex =
    kind === "tool" ? 0 : view.toolId ? app.tools.findIndex((tool) => tool.toolId === view.toolId) : -1;
  const tool: Tool | null = toolIndex >= 0 ? (app.tools[toolIndex] ?? null) : null;

  const go = useCallback(
    (next: Partial<GenView> & { panel: GenPanel }, options: { replace?: boolean } = {}) => {
      // Leaving the tools panel replaces the address with the builder's (spec section 2).
      const replace = options.replace ?? view.panel === "tools";
      navigate(genViewHref(summary.id, next), { replace });
    },
    [navigate, summary.id, view.panel],
  );
  const done = () => go(doneView(view));

  const updateTool = (next: Tool) =>
    editor.update((current) => ({
      ...current,
      tools: current.tools.map((candidate) => (candidate.toolId === next.toolId ? next : candidate)),
    }));

  // Chat opens by itself when the assistant is active (spec section 2).
  const chatOpened = useRef(false);
  useEffect(() => {
    if (chatOpened.current) return;
    chatOpened.current = true;
    if (
      kind === "generated" &&
      viewer.isAdmin &&
      app.chatSettings.status === "active" &&
      view.panel === "main"
    )
      go({ panel: "chat" }, { replace: true });
  }, [kind, viewer.isAdmin, app.chatSettings.status, view.panel, go]);

  // 'Results layout' scrolls to the layout editor inside the fields panel.
  useEffect(() => {
    if (view.scrollTo !== "results-layout") return;
    const timer = setTimeout(
      // An instant jump: a smooth scroll can be cut short by the layout still settling around it.
      () => document.getElementById("results-layout")?.scrollIntoView({ block: "start" }),
      SCROLL_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [view.scrollTo]);

  // A refused save that a plan gate refused offers the upgrade once.
  const offered = useRef<string | null>(null);
  useEffect(() => {
    const reason = editor.failure?.upgradeReason;
    if (!reason || offered.current === editor.failure?.message) return;
    offered.current = editor.failure?.message ?? null;
    upgrade.open(reason);
  }, [editor.failure, upgrade]);

  async function publish() {
    setPublishing(true);
    try {
      if (!(await editor.saveNow())) throw new Error("Save your changes before publishing");
      const published = await savedAppApi.publish(summary.id);
      setApp(() => published);
      editor.setMeta(() => ({
        ...editor.meta,
        ...pickPublishState(published),
        hasUnpublishedChanges: false,
      }));
      toast.success("Published: end users get this version");
    } catch (error) {
      toast.error(errorMessage(error, "Failed to publish the app"));
    } finally {
      setPublishing(false);
    }
  }

  async function unpublish() {
    setPublishing(true);
    try {
      const unpublished = await savedAppApi.unpublish(summary.id);
      setApp(() => unpublished);
      editor.setMeta((current) => ({ ...current, ...pickPublishState(unpublished) }));
      toast.success("Unpublished: only you can see the app now");
    } catch (error) {
      toast.error(errorMessage(error, "Failed to unpublish the app"));
    } finally {
      setPublishing(false);
    }
  }

  const panelShown = wide || !previewShown;
  const previewVisible = wide || previewShown;

  return (
    <div
      className="relative flex h-dvh flex-col overflow-hidden bg-neutral-25"
      data-testid="gen-builder"
      data-kind={kind}
    >
      <GenBuilderHeader
        name={summary.name}
        meta={meta}
        saveState={editor.saveState}
        wide={wide}
        showDone={view.panel !== "main"}
        onDone={done}
        previewShown={previewShown}
        onTogglePreview={() => setPreviewShown((shown) => !shown)}
        publishing={publishing}
        onPublish={() => void publish()}
        onUnpublish={() => void unpublish()}
      />
      {account && appRunsLimit(account).level !== "none" ? (
        <div className="border-b border-border bg-background px-3 py-2 lg:px-4">
          <AppRunsBanner account={account} />
        </div>
      ) : null}
      {editor.failure ? (
        <div className="border-b border-border bg-background px-3 py-2 lg:px-4">
          <Callout variant="destructive" data-testid="gen-save-failure">
            <CalloutTitle>{editor.failure.message}</CalloutTitle>
            <CalloutDescription className="flex flex-wrap items-center gap-2">
              Your changes are kept here.
              <Button
                variant="outline"
                size="sm"
                onClick={() => void editor.saveNow()}
                data-testid="gen-save-retry"
              >
                Try again
              </Button>
            </CalloutDescription>
          </Callout>
        </div>
      ) : null}
      <div className="flex min-h-0 flex-1">
        {panelShown ? (
          <section
            aria-label="Builder panel"
            className="w-full shrink-0 overflow-y-auto border-r border-border p-3 sm:p-4 lg:w-[500px] xl:w-[560px]"
            data-testid="gen-panel"
            data-panel={view.panel}
          >
            <PanelFrame
              view={view}
              wide={wide}
              onDone={done}
              toolTitle={kind === "generated" ? tool?.title : undefined}
            >
              {renderPanel()}
            </PanelFrame>
          </section>
        ) : null}
        {previewVisible ? (
          <section
            aria-label="Preview"
            className="relative min-w-0 flex-1 overflow-auto bg-neutral-50 p-3 sm:p-4"
            data-testid="gen-preview"
          >
            <ToolPagePreview
              app={app}
              tool={tool ?? (kind === "generated" ? null : (app.tools[0] ?? null))}
            />
          </section>
        ) : null}
      </div>
      {kind === "generated" ? (
        <GenerateToolDialog
          appId={summary.id}
          open={view.panel === "tools" && view.generateTool}
          onOpenChange={(open) => go({ panel: "tools", generateTool: open }, { replace: true })}
          onAdd={(generated) => {
            const change = addGeneratedTool(app.tools, generated, viewer.plan);
            if (!change.ok) {
              toast.error(change.message);
              if (change.upgradeReason) upgrade.open(change.upgradeReason);
              return;
            }
            editor.update({ ...app, tools: change.tools });
            const added = change.tools.at(-1);
            if (added) go({ panel: "fields", toolId: added.toolId }, { replace: true });
          }}
        />
      ) : null}
    </div>
  );

  function renderPanel(): ReactNode {
    const appProps = {
      appId: summary.id,
      app,
      onChange: (next: SavedApp) => editor.update(next),
      viewer,
      errors: editor.errors,
      warnings: editor.warnings,
    };
    if (view.panel === "main")
      return <MainPanel entries={entries} editor={editor} onOpen={(entry) => go(viewOfEntry(entry))} />;
    if (view.panel === "branding") return <BrandingPanel {...appProps} />;
    if (view.panel === "settings")
      return (
        <GenSettingsPanel
          key={editor.generation}
          appId={summary.id}
          app={app}
          kind={kind}
          onChange={appProps.onChange}
          viewer={viewer}
          canEnableSignup={meta.canEnableSignup}
          errors={editor.errors}
        />
      );
    if (view.panel === "chat") return <ChatAssistantPanel editor={editor} />;
    // The Run API's keys sit with the runs they make: every manager of the app gets them
    // (the settings panel is a paid plan's for generated apps).
    if (view.panel === "runs")
      return (
        <div className="grid gap-8">
          <RunHistoryPanel appId={summary.id} app={app} />
          <ApiKeysCard appId={summary.id} tool={firstActiveTool(app.tools)} />
        </div>
      );
    if (view.panel === "tools")
      return (
        <ToolsPanel
          {...appProps}
          appSlug={summary.slug}
          onOpenTool={(toolId) => go({ panel: "fields", toolId })}
          onGenerateTool={() => go({ panel: "tools", generateTool: true }, { replace: true })}
        />
      );
    if (view.panel === "texts" && view.toolId === null)
      return (
        <TextsPanel
          app={app}
          onChange={appProps.onChange}
          tool={kind === "tool" ? tool : null}
          onToolChange={updateTool}
          kind={kind}
          errors={editor.errors}
          warnings={editor.warnings}
        />
      );
    if (!tool)
      return (
        <EmptyState
          icon={SearchXIcon}
          title="Tool not found"
          description="It may have been deleted. Pick one from the app's tools."
          action={<Button onClick={() => go({ panel: "tools" }, { replace: true })}>All tools</Button>}
          className="py-12"
        />
      );
    const prefix = `tools.${toolIndex}.`;
    const toolProps: ToolEditorProps = {
      appId: summary.id,
      app,
      tool,
      onChange: updateTool,
      viewer,
      errors: messagesUnder(editor.errors, prefix),
      warnings: messagesUnder(editor.warnings, prefix),
    };
    const texts =
      view.panel === "texts" ? (
        <TextsPanel
          app={app}
          onChange={appProps.onChange}
          tool={tool}
          onToolChange={updateTool}
          kind={kind}
          errors={editor.errors}
          warnings={editor.warnings}
          toolOnly
        />
      ) : null;
    const adminCard =
      view.panel === "texts" && viewer.isAdmin ? (
        <ToolAdminCard key={tool.toolId} tool={tool} onChange={updateTool} errors={toolProps.errors} />
      ) : null;
    const main =
      view.panel === "texts" ? (
        <div className="grid gap-4">
          {texts}
          {adminCard}
        </div>
      ) : view.panel === "callToAction" ? (
        <CtaPanel {...toolProps} />
      ) : view.panel === "customDataSource" ? (
        <DataSourcesPanel key={tool.toolId} appId={summary.id} tool={tool} onToolChange={updateTool} />
      ) : (
        <div className="grid gap-6" key={tool.toolId}>
          <FieldsPanel {...toolProps} />
          <StepsEditor {...toolProps} />
          <InstructionsEditor {...toolProps} />
          <div id="results-layout" className="scroll-mt-4">
            <ResultsLayoutPanel {...toolProps} />
          </div>
        </div>
      );
    const body = main;
    if (kind === "tool") return body;
    return (
      <div className="grid gap-4">
        <nav
          aria-label="Tool panels"
          className="flex gap-0.5 overflow-x-auto rounded-lg bg-neutral-100 p-0.5"
        >
          {TOOL_EDITOR_PANELS.map((panel) => (
            <button
              key={panel}
              type="button"
              aria-current={view.panel === panel ? "page" : undefined}
              onClick={() => go({ panel, toolId: tool.toolId }, { replace: true })}
              data-testid={`tool-tab-${panel}`}
              className="inline-flex h-8 shrink-0 items-center rounded-md px-3 text-13 font-medium whitespace-nowrap text-muted-foreground transition-colors hover:text-foreground focus-ring-inset aria-[current=page]:bg-background aria-[current=page]:text-foreground aria-[current=page]:shadow-sm"
            >
              {TOOL_TAB_LABELS[panel]}
            </button>
          ))}
        </nav>
        {body}
      </div>
    );
  }
}

function pickPublishState(
  summary: AppSummary,
): Pick<SavedAppResponse, "status" | "publishedAt" | "canEnableSignup"> {
  return {
    status: summary.status,
    publishedAt: summary.publishedAt ?? null,
    canEnableSignup: summary.status === "published" || Boolean(summary.customHost),
  };
}

/**
 * Where the open panel sits (a breadcrumb: Builder › panel, or App tools › tool) with Done
 * on wide screens (on phones Done is in the header). The panel's own heading is its title.
 */
function PanelFrame(props: {
  view: GenView;
  wide: boolean;
  onDone: () => void;
  toolTitle: string | undefined;
  children: ReactNode;
}) {
  const { view } = props;
  if (view.panel === "main") return <>{props.children}</>;
  const parent = view.toolId ? GEN_PANEL_TITLES.tools : "Builder";
  const current = view.toolId ? props.toolTitle?.trim() || "Untitled tool" : GEN_PANEL_TITLES[view.panel];
  return (
    <div className="grid gap-4">
      <div className="flex items-center justify-between gap-3">
        <nav
          aria-label="Breadcrumb"
          className="flex min-w-0 items-center gap-1 text-13 text-muted-foreground"
        >
          <button
            type="button"
            onClick={props.onDone}
            className="inline-flex shrink-0 items-center gap-1 rounded-md px-1 py-0.5 hover:bg-accent hover:text-foreground"
          >
            <ArrowLeftIcon className="size-3.5" aria-hidden />
            {parent}
          </button>
          <ChevronRightIcon className="size-3.5 shrink-0" aria-hidden />
          <span
            className="truncate font-medium text-foreground"
            aria-current="page"
            data-testid="gen-panel-title"
          >
            {current}
          </span>
        </nav>
        {props.wide ? (
          <Button variant="outline" size="sm" onClick={props.onDone} data-testid="gen-panel-done">
            <CheckIcon />
            Done
          </Button>
        ) : null}
      </div>
      {props.children}
    </div>
  );
}

function MainPanel(props: {
  entries: ReturnType<typeof builderPanelEntries>;
  editor: SavedAppEditor;
  onOpen: (entry: ReturnType<typeof builderPanelEntries>[number]["id"]) => void;
}) {
  const { editor } = props;
  return (
    <div className="grid gap-4">
      <nav aria-label="Builder panels" className="grid gap-2" data-testid="builder-panels">
        {props.entries.map((entry) => {
          const Icon = PANEL_ICONS[entry.id];
          return (
            <button
              key={entry.id}
              type="button"
              onClick={() => props.onOpen(entry.id)}
              data-testid="builder-panel-entry"
              data-panel={entry.id}
              className="flex w-full items-center gap-3 rounded-xl border border-border bg-background px-3.5 py-3 text-left transition-colors hover:border-neutral-400/70 hover:bg-neutral-25 focus-visible:outline-2 focus-visible:outline-ring"
            >
              <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700 ring-1 ring-brand-100">
                <Icon className="size-4" aria-hidden />
              </span>
              <span className="grid min-w-0 flex-1">
                <span className="text-sm font-medium">{entry.label}</span>
                <span className="truncate text-13 text-muted-foreground">{ENTRY_DESCRIPTIONS[entry.id]}</span>
              </span>
              <ChevronRightIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
            </button>
          );
        })}
      </nav>
      {editor.meta.kind === "generated" && editor.app.tools.length === 0 ? (
        <div className="flex items-start gap-3 rounded-xl border border-dashed border-border bg-background p-4">
          <SparklesIcon className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden />
          <p className="text-13 text-muted-foreground">
            Start with App tools: add a tool, or describe one in a sentence and let the AI write it.
          </p>
        </div>
      ) : null}
      <SavedVersionsCard
        appId={editor.meta.appId}
        version={editor.meta.version}
        beforeRestore={editor.saveNow}
        onRestored={editor.adopt}
      />
    </div>
  );
}
