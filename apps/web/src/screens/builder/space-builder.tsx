import {
  type AppSummary,
  CHAT_REFRESH_INDICATOR_MS,
  type ChatMessage,
  type Diagnostic,
  type FileChangeResult,
  type RestoreVersionResult,
} from "@liftoff/domain";
import { Button, cn } from "@liftoff/ui";
import { CheckIcon } from "lucide-react";
import { type ReactNode, useCallback, useEffect, useMemo, useReducer, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { useSession } from "../../lib/session.tsx";
import { AppDetailsPanel } from "../app-details/app-details-panel.tsx";
import { AppSettingsPanel } from "../app-settings/app-settings-panel.tsx";
import { AppUsersPanel } from "../app-users/app-users-panel.tsx";
import { useResource } from "../apps/use-resource.ts";
import { ChatPanel } from "../chat/chat-panel.tsx";
import { ChatReplyAnnouncer } from "../chat/chat-reply-announcer.tsx";
import { useBuilderChat } from "../chat/use-builder-chat.ts";
import { applyBundleChange, type BundleChange } from "../code-editor/bundle-update.ts";
import { CodeEditorPanel, type OpenFileRequest } from "../code-editor/code-editor-panel.tsx";
import { bundleFiles, pageNames } from "../code-editor/file-tree.ts";
import { DatabasePanel } from "../database/database-panel.tsx";
import type { RequestChat } from "../database/permission-change.ts";
import { EMPTY_ISSUES, issueReducer } from "../issue-panel/issue-list.ts";
import { type ChatFixRequest, IssuePanel } from "../issue-panel/issue-panel.tsx";
import { PreviewPane } from "../preview/preview-pane.tsx";
import { useUpgradeDialog } from "../pricing/upgrade-dialog.tsx";
import { FillFromTemplateDialog } from "../templates/fill-from-template-dialog.tsx";
import {
  type BuilderPanelMode,
  builderPanelEntries,
  headerShowsDone,
  isFullWidthMode,
  panelModeFromQuery,
  panelModeOf,
} from "./builder-panels.ts";
import { publicAppUrl } from "./publish-control.tsx";
import { SaveTrackerProvider, useSaveTracker } from "./save-tracker.tsx";
import { spaceAppApi } from "./space-app-api.ts";
import { SpaceBuilderHeader } from "./space-builder-header.tsx";
import { SpaceMainPanel } from "./space-main-panel.tsx";
import { useIsWide } from "./use-is-wide.ts";
import { useLeaveGuard } from "./use-leave-guard.ts";

const PANEL_TITLES: Partial<Record<BuilderPanelMode, string>> = {
  details: "App details",
  users: "App users",
  settings: "App settings",
  codeEditor: "Code editor",
};

export type SpaceBuilderProps = {
  app: AppSummary;
  /** Replaces the app summary held by the page (after publish, details, domain, saves). */
  setApp: (update: (current: AppSummary) => AppSummary) => void;
};

/**
 * /build/app/{appId} for a space app: header; on the left the chat (the main way to build)
 * under a strip of the side panels, which take its place when opened; the draft's preview
 * and its issues on the right. Below 1024 px the panel and the preview take turns.
 */
export function SpaceBuilder(props: SpaceBuilderProps) {
  return (
    <SaveTrackerProvider>
      <SpaceBuilderScreen {...props} />
    </SaveTrackerProvider>
  );
}

function SpaceBuilderScreen({ app, setApp }: SpaceBuilderProps) {
  const onSummary = useCallback((summary: AppSummary) => setApp(() => summary), [setApp]);
  const { account } = useSession();
  const upgrade = useUpgradeDialog();
  const wide = useIsWide();
  const tracker = useSaveTracker();
  useLeaveGuard(tracker.hasPending);
  const [searchParams, setSearchParams] = useSearchParams();
  const mode = panelModeFromQuery("space", searchParams.get("panel"));
  const [previewShown, setPreviewShown] = useState(false);
  const [icon, setIcon] = useState<string | null>(null);
  const files = useResource(`files:${app.id}`, () => spaceAppApi.files(app.id));
  const [diagnostics, setDiagnostics] = useState<readonly Diagnostic[]>([]);
  const [issues, dispatch] = useReducer(issueReducer, EMPTY_ISSUES);
  const [openRequest, setOpenRequest] = useState<OpenFileRequest | null>(null);
  // Editing code (and the edit-code button) is for platform admins only (spec section 6);
  // everyone else sees the code editor read-only. The server refuses their writes too.
  const canEditCode = account?.isAdmin === true;

  // The draft's compile diagnostics when the builder opens; later ones come with each save.
  useEffect(() => {
    let cancelled = false;
    spaceAppApi
      .build(app.id)
      .then((build) => {
        if (!cancelled) setDiagnostics(build.diagnostics);
      })
      .catch(() => {
        // No build yet (an empty app) or the route is unavailable: nothing to show.
      });
    spaceAppApi
      .details(app.id)
      .then((details) => !cancelled && setIcon(details.icon))
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [app.id]);

  const bundle = files.status === "success" ? files.data : null;
  const versionId = bundle?.versionId ?? app.draftVersionId ?? null;
  const pages = useMemo(() => (bundle ? pageNames(bundle) : []), [bundle]);

  // After a chat turn (or a revert) the draft changed on the server: reload the files, which
  // restarts the preview on the new version, and the compile diagnostics. 'Refreshing
  // preview…' shows meanwhile and for CHAT_REFRESH_INDICATOR_MS after (spec section 9).
  const [refreshing, setRefreshing] = useState(false);
  const refreshTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const currentVersion = useRef(versionId);
  currentVersion.current = versionId;
  const { refresh: refreshFiles } = files;
  const reloadDraft = useCallback(
    (nextVersionId: string | null) => {
      if (refreshTimer.current) clearTimeout(refreshTimer.current);
      setRefreshing(true);
      if (nextVersionId) setApp((current) => ({ ...current, draftVersionId: nextVersionId }));
      const build = spaceAppApi
        .build(app.id)
        .then((result) => setDiagnostics(result.diagnostics))
        .catch(() => undefined);
      void Promise.all([refreshFiles(), build]).finally(() => {
        refreshTimer.current = setTimeout(() => setRefreshing(false), CHAT_REFRESH_INDICATOR_MS);
      });
    },
    [app.id, refreshFiles, setApp],
  );
  useEffect(
    () => () => {
      if (refreshTimer.current) clearTimeout(refreshTimer.current);
    },
    [],
  );
  const onTurnFinished = useCallback(
    (message: ChatMessage) => {
      const next = message.annotations.versionId ?? null;
      // A reply without changes (an answer, a refusal) leaves the preview alone.
      if (next && next !== currentVersion.current) reloadDraft(next);
    },
    [reloadDraft],
  );
  const onReverted = useCallback(
    (result: RestoreVersionResult) => reloadDraft(result.versionId),
    [reloadDraft],
  );
  const chat = useBuilderChat({ appId: app.id, onTurnFinished, onReverted });
  const chatReady = chat.status === "ready" && chat.aiConfigured;

  // "Use a template" fills this app while it has no code of its own (issue 13); asked again
  // whenever the draft changes, since a chat turn or a code edit ends that. The last answer
  // stays meanwhile, so the offer does not blink on every entity change; a failed check
  // keeps it too (the offer is a convenience, and the server refuses a fill that is late).
  const [canUseTemplate, setCanUseTemplate] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: versionId is the trigger.
  useEffect(() => {
    let cancelled = false;
    spaceAppApi
      .templateState(app.id)
      .then((state) => !cancelled && setCanUseTemplate(state.canUseTemplate))
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [app.id, versionId]);
  const [templateDialogOpen, setTemplateDialogOpen] = useState(false);
  const openTemplates = canUseTemplate ? () => setTemplateDialogOpen(true) : undefined;

  // A new draft version restarts the preview: its errors start over.
  // biome-ignore lint/correctness/useExhaustiveDependencies: versionId is the trigger.
  useEffect(() => dispatch({ type: "clear" }), [versionId]);
  // New compile problems open the panel; the same ones after another save do not.
  const diagnosticsKey = diagnostics.map((d) => `${d.file}:${d.line}:${d.message}`).join("\n");
  useEffect(() => {
    if (diagnosticsKey) dispatch({ type: "expand" });
  }, [diagnosticsKey]);

  // Keyboard focus follows the panels (WCAG 2.4.3): an opened panel takes it on its heading,
  // and closing it gives it back to the strip's button that opened it. Without this the
  // pressed button left the page with the strip and focus fell to the body.
  const modeRef = useRef(mode);
  modeRef.current = mode;
  const panelOpener = useRef<string | null>(null);
  const moveFocusWithPanel = useRef(false);
  const openPanel = useCallback(
    (next: BuilderPanelMode) => {
      const focused = document.activeElement;
      if (next !== modeRef.current && focused instanceof HTMLElement && focused !== document.body) {
        moveFocusWithPanel.current = true;
        if (next !== "main") {
          const entry = focused.closest<HTMLElement>('[data-testid="builder-panel-entry"]')?.dataset.panel;
          const testId = focused.dataset.testid;
          panelOpener.current = entry
            ? `[data-testid="builder-panel-entry"][data-panel="${entry}"] button`
            : testId
              ? `[data-testid="${testId}"]`
              : null;
        }
      }
      setPreviewShown(false);
      setSearchParams(
        (prev) => {
          const params = new URLSearchParams(prev);
          if (next === "main") params.delete("panel");
          else params.set("panel", next);
          return params;
        },
        { replace: true },
      );
    },
    [setSearchParams],
  );

  const { send: sendChat } = chat;
  useEffect(() => {
    if (!moveFocusWithPanel.current) return;
    moveFocusWithPanel.current = false;
    const opener =
      mode === "main" && panelOpener.current
        ? document.querySelector<HTMLElement>(panelOpener.current)
        : null;
    const target =
      mode === "main"
        ? (opener ?? document.querySelector<HTMLElement>('[data-testid="chat-input"]'))
        : document.querySelector<HTMLElement>("[data-panel-heading]");
    target?.focus();
  }, [mode]);

  // The Database panel's preset picker asks the chat (spec section 6); the panel then closes
  // itself, which shows the chat.
  const requestChat = useCallback<RequestChat>(
    async (message) => {
      if (!(await sendChat(message))) throw new Error("The chat did not take the message");
    },
    [sendChat],
  );
  // 'Fix this error' / 'Resolve with AI': the chat shows the turn; the errors leave the
  // issue panel once it finishes (spec section 4).
  const sendFix = useCallback(
    (request: ChatFixRequest) => {
      openPanel("main");
      void sendChat(request.content, {
        errors: request.errors,
        onFinished: () => dispatch({ type: "resolve", keys: request.keys }),
      });
    },
    [openPanel, sendChat],
  );

  const openFile = useCallback(
    (file: string, line: number) => {
      setOpenRequest({ file, line, nonce: Date.now() });
      openPanel("codeEditor");
    },
    [openPanel],
  );

  const { setData: setFiles } = files;
  const onCodeChange = useCallback(
    (change: BundleChange, compile: FileChangeResult["compile"]) => {
      setFiles((current) => applyBundleChange(current, change));
      setDiagnostics(compile.diagnostics);
      setApp((current) => ({ ...current, draftVersionId: change.versionId }));
    },
    [setFiles, setApp],
  );

  const published = app.status === "published";
  const entries = builderPanelEntries("space", {
    isAdmin: account?.isAdmin ?? false,
    plan: account?.plan ?? null,
  });
  const fullWidth = isFullWidthMode(mode);
  const showPanel = wide ? true : !previewShown;
  const showPreview = wide ? !fullWidth : previewShown;

  const preview = (
    <PreviewPane
      appId={app.id}
      versionId={bundle ? versionId : null}
      pages={pages}
      mainPage={bundle?.mainPage ?? null}
      publicUrl={published ? publicAppUrl(app) : null}
      onAppError={(error) => dispatch({ type: "report", error })}
      onOpenCodeEditor={canEditCode ? () => openPanel("codeEditor") : undefined}
      onUseTemplate={openTemplates}
      // Named in the empty app's hint only once the chat's status has arrived (it starts
      // optimistic, so the chat panel does not flash its set-up card while loading).
      aiConfigured={chat.status === "ready" && chat.aiConfigured}
      loading={files.status === "loading"}
      overlay={
        <IssuePanel
          issues={issues.errors}
          diagnostics={diagnostics}
          expanded={issues.expanded}
          onToggle={() => dispatch({ type: "toggle" })}
          onSuppress={(key) => dispatch({ type: "suppress", key })}
          onOpenFile={canEditCode ? openFile : undefined}
          onSendToChat={chatReady ? sendFix : undefined}
          aiAvailable={chat.aiConfigured}
          aiBusy={chat.busy}
        />
      }
    />
  );

  let panel: ReactNode;
  switch (mode) {
    case "details":
      panel = (
        <AppDetailsPanel
          app={app}
          onSaved={(details) => {
            setIcon(details.icon);
            setApp((current) => ({ ...current, name: details.name, slug: details.slug }));
          }}
        />
      );
      break;
    case "settings":
      panel = (
        <AppSettingsPanel
          app={app}
          plan={account?.plan ?? null}
          isPlatformAdmin={account?.isAdmin ?? false}
          onSummary={onSummary}
          onSettings={(response) =>
            setFiles((current) => ({ ...current, mainPage: response.appSettings.mainPage }))
          }
        />
      );
      break;
    case "users":
      panel = <AppUsersPanel appId={app.id} />;
      break;
    case "codeEditor":
      panel = (
        <CodeEditorPanel
          appId={app.id}
          bundle={
            files.status === "success"
              ? { status: "success", data: files.data, reload: files.reload }
              : files.status === "error"
                ? { status: "error", reload: files.reload }
                : { status: "loading" }
          }
          diagnostics={diagnostics}
          canEdit={canEditCode}
          openRequest={openRequest}
          onChange={onCodeChange}
        />
      );
      break;
    default:
      panel = null;
  }

  return (
    <div
      className="flex h-dvh flex-col overflow-hidden bg-neutral-25"
      data-testid="builder-shell"
      data-panel-mode={mode}
    >
      <SpaceBuilderHeader
        app={app}
        icon={icon}
        wide={wide}
        showDone={headerShowsDone({ mode, panelShown: showPanel })}
        onDone={() => openPanel("main")}
        previewShown={previewShown}
        onTogglePreview={() => setPreviewShown((shown) => !shown)}
        onSummary={onSummary}
        onOpenFile={canEditCode ? openFile : undefined}
      />
      <main id="main" className="flex min-h-0 flex-1">
        {showPanel ? (
          fullWidth ? (
            <div className="min-h-0 flex-1 overflow-y-auto px-3 py-4 sm:px-6 sm:py-6">
              <DatabasePanel
                appId={app.id}
                onDone={() => openPanel("main")}
                // Without an AI model a permission preset applies directly instead of
                // asking a chat that cannot answer (issue 13).
                requestChat={chat.aiConfigured ? requestChat : undefined}
                aiAvailable={chat.aiConfigured}
                onEntitiesChanged={() => reloadDraft(null)}
              />
            </div>
          ) : (
            <aside
              aria-label="Builder panel"
              className={cn(
                "flex min-h-0 flex-col border-border bg-neutral-25 lg:border-r",
                !wide
                  ? "w-full"
                  : mode === "codeEditor"
                    ? "w-[min(56%,56rem)] shrink-0"
                    : "w-[26rem] shrink-0 xl:w-[28rem]",
              )}
            >
              {mode === "main" ? (
                <SpaceMainPanel
                  entries={entries}
                  modeOf={(entry) => panelModeOf("space", entry)}
                  onOpen={openPanel}
                  onOpenCode={() => openPanel("codeEditor")}
                  canEditCode={canEditCode}
                  fileCount={bundle ? bundleFiles(bundle).filter((file) => !file.readOnly).length : 0}
                >
                  <ChatPanel
                    appId={app.id}
                    chat={chat}
                    isAdmin={account?.isAdmin ?? false}
                    refreshing={refreshing}
                    onRepaired={() => reloadDraft(null)}
                    onUpgrade={() => upgrade.open("default")}
                    shortcuts={{
                      onUseTemplate: openTemplates,
                      onOpenCodeEditor: canEditCode ? () => openPanel("codeEditor") : undefined,
                      onOpenDatabase: () => openPanel("database"),
                    }}
                  />
                </SpaceMainPanel>
              ) : (
                <>
                  <div className="flex items-center gap-2 border-b border-border bg-background px-3 py-2 lg:px-4">
                    <h2 className="flex-1 text-sm font-semibold" tabIndex={-1} data-panel-heading>
                      {PANEL_TITLES[mode]}
                    </h2>
                    {wide ? (
                      <Button
                        variant="ghost"
                        size="sm"
                        onClick={() => openPanel("main")}
                        data-testid="panel-done"
                      >
                        <CheckIcon />
                        Done
                      </Button>
                    ) : null}
                  </div>
                  {mode === "codeEditor" ? (
                    <div className="flex min-h-0 flex-1 flex-col bg-background">{panel}</div>
                  ) : (
                    <div className="min-h-0 flex-1 overflow-y-auto p-3 lg:p-4">{panel}</div>
                  )}
                </>
              )}
            </aside>
          )
        ) : null}
        {showPreview ? preview : null}
      </main>
      {/* Outside the panels: a reply is announced even while the code editor or preview is open. */}
      <ChatReplyAnnouncer announcement={chat.announcement} />
      <FillFromTemplateDialog
        appId={app.id}
        open={templateDialogOpen}
        onOpenChange={setTemplateDialogOpen}
        onFilled={(result) => {
          reloadDraft(result.versionId);
          // On a narrow screen the builder sees the result: the preview takes the panel's turn.
          if (!wide) setPreviewShown(true);
        }}
      />
    </div>
  );
}
