import {
  basicCsvMapping,
  CSV_MESSAGES,
  type CsvBadRecord,
  type CsvMappingItem,
  GRID,
  parseCsv,
} from "@liftoff/domain";
import {
  Alert,
  Button,
  cn,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  inputClasses,
  Progress,
  Spinner,
  toast,
} from "@liftoff/ui";
import { FileSpreadsheetIcon, UploadIcon } from "lucide-react";
import { useId, useRef, useState } from "react";
import { errorMessage } from "../../lib/api.ts";
import {
  alignMappings,
  convertRows,
  type ImportOutcome,
  importMessage,
  remapHeader,
  runImport,
} from "./csv-import.ts";
import { type DatabaseApi, type EntitySummary, isRowRejection } from "./database-api.ts";
import { FailedRowsReport } from "./failed-rows-report.tsx";

export const CSV_ONLY_MESSAGE = "Only .csv files can be imported";

type Parsed = {
  fileName: string;
  headers: string[];
  rows: string[][];
  /** Each row's line in the file, for the failed-rows report. */
  rowLines: number[];
  /** Records skipped as malformed; they count as failed rows of the import. */
  badRecords: CsvBadRecord[];
};

type Step =
  | { name: "upload" }
  | { name: "mapping"; loading: boolean; fallback: boolean; mappings: CsvMappingItem[] }
  | { name: "importing"; completed: number; failed: number; total: number; outcome: ImportOutcome | null };

const STEP_LABELS = ["Upload", "Map columns", "Import"] as const;

/** The 3-step CSV import wizard (spec sections 2, 4, 5, 8, 9): upload, mapping, importing. */
export function CsvImportWizard({
  open,
  onOpenChange,
  api,
  entity,
  aiMapping,
  onImported,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  api: DatabaseApi;
  entity: EntitySummary;
  /**
   * Ask the AI model for the column mapping. Without a model the basic mapping is the plan,
   * not a fallback, so it is used at once and without the spec's failure warning (issue 13).
   */
  aiMapping: boolean;
  onImported: () => void;
}) {
  const [step, setStep] = useState<Step>({ name: "upload" });
  const [parsed, setParsed] = useState<Parsed | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const fileId = useId();
  const importing = step.name === "importing" && step.outcome === null;
  const schema = entity.schema;
  const fieldNames = Object.keys(schema.properties);

  function reset() {
    setStep({ name: "upload" });
    setParsed(null);
    setError(null);
    if (inputRef.current) inputRef.current.value = "";
  }

  async function chooseFile(file: File | undefined) {
    setError(null);
    setParsed(null);
    if (!file) return;
    if (!file.name.toLowerCase().endsWith(".csv")) {
      setError(CSV_ONLY_MESSAGE);
      return;
    }
    setReading(true);
    try {
      const result = parseCsv(await file.text());
      if (!result.ok) setError(result.message);
      else
        setParsed({
          fileName: file.name,
          headers: result.headers,
          rows: result.rows,
          rowLines: result.rowLines,
          badRecords: result.badRecords,
        });
    } catch {
      setError(CSV_MESSAGES.parseFailed);
    } finally {
      setReading(false);
    }
  }

  async function toMapping() {
    if (!parsed) return;
    if (!aiMapping) {
      setStep({
        name: "mapping",
        loading: false,
        fallback: false,
        mappings: basicCsvMapping(parsed.headers, schema),
      });
      return;
    }
    setStep({ name: "mapping", loading: true, fallback: false, mappings: [] });
    let mappings: CsvMappingItem[];
    let fallback = false;
    try {
      const answer = await api.generateMapping({
        headers: parsed.headers,
        previewData: parsed.rows.slice(0, GRID.mappingPreviewRows),
        schema,
        entityName: entity.name,
      });
      mappings = alignMappings(parsed.headers, answer, schema);
    } catch {
      fallback = true;
      mappings = basicCsvMapping(parsed.headers, schema);
    }
    setStep((prev) =>
      prev.name === "mapping" ? { name: "mapping", loading: false, fallback, mappings } : prev,
    );
  }

  async function startImport(mappings: CsvMappingItem[]) {
    if (!parsed) return;
    const { rows, failures } = convertRows(schema, parsed, mappings);
    const total = rows.length + failures.length;
    setStep({ name: "importing", completed: failures.length, failed: failures.length, total, outcome: null });
    let outcome: ImportOutcome;
    try {
      outcome = await runImport({
        rows,
        failedBeforeSending: failures,
        calls: {
          bulkCreate: (batch) => api.bulkCreate(entity.name, batch).then(() => undefined),
          createOne: (record) => api.createRecord(entity.name, record).then(() => undefined),
          isRowRejection,
        },
        onProgress: (progress) =>
          setStep((prev) =>
            prev.name === "importing" && prev.outcome === null ? { ...prev, ...progress } : prev,
          ),
      });
    } catch (error) {
      // runImport reports row failures itself; this is a failure of the run as a whole.
      const reason = errorMessage(error);
      const all = [...failures, ...rows.map(({ line, values }) => ({ line, values, reason }))];
      outcome = {
        total,
        imported: 0,
        failed: total,
        aborted: true,
        failures: all.sort((a, b) => a.line - b.line),
      };
    }
    setStep({ name: "importing", completed: outcome.total, failed: outcome.failed, total, outcome });
    const message = importMessage(outcome);
    if (message.tone === "success") toast.success(message.text);
    else if (message.tone === "warning") toast.warning(message.text);
    else toast.error(message.text);
    if (outcome.imported > 0) onImported();
  }

  const stepIndex = step.name === "upload" ? 0 : step.name === "mapping" ? 1 : 2;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        // Close only when not importing (spec section 4).
        if (importing) return;
        onOpenChange(next);
        if (!next) reset();
      }}
    >
      <DialogContent size="lg" data-testid="db-import-dialog" hideClose={importing}>
        <DialogHeader>
          <DialogTitle>Import CSV into {entity.name}</DialogTitle>
          <DialogDescription>
            The first row holds the column names. Empty lines and malformed records are skipped.
          </DialogDescription>
        </DialogHeader>
        <ol className="flex items-center gap-2 text-13" aria-label="Import steps">
          {STEP_LABELS.map((label, index) => (
            <li
              key={label}
              className="flex items-center gap-2"
              aria-current={index === stepIndex ? "step" : undefined}
            >
              <span
                className={cn(
                  "flex size-5 items-center justify-center rounded-full text-xs font-medium",
                  index <= stepIndex
                    ? "bg-primary text-primary-foreground"
                    : "bg-neutral-200 text-muted-foreground",
                )}
              >
                {index + 1}
              </span>
              <span className={index === stepIndex ? "font-medium" : "text-muted-foreground"}>{label}</span>
              {index < STEP_LABELS.length - 1 ? (
                <span className="h-px w-4 bg-border sm:w-8" aria-hidden />
              ) : null}
            </li>
          ))}
        </ol>

        {step.name === "upload" ? (
          <div className="grid gap-3">
            <label
              htmlFor={fileId}
              className="flex cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border border-dashed border-neutral-300 bg-muted/60 px-6 py-10 text-center transition-colors hover:bg-muted"
            >
              <span className="flex size-10 items-center justify-center rounded-lg border border-border bg-background shadow-xs">
                {reading ? <Spinner size="sm" /> : <UploadIcon className="size-4 text-muted-foreground" />}
              </span>
              <span className="text-sm font-medium">{parsed ? parsed.fileName : "Choose a .csv file"}</span>
              <span className="text-13 text-muted-foreground">
                {parsed
                  ? `${parsed.rows.length.toLocaleString()} rows · ${parsed.headers.length} columns${
                      parsed.badRecords.length > 0
                        ? ` · ${parsed.badRecords.length} malformed ${parsed.badRecords.length === 1 ? "record" : "records"} skipped`
                        : ""
                    }`
                  : "Headers on the first row"}
              </span>
              <input
                ref={inputRef}
                id={fileId}
                type="file"
                accept=".csv,text/csv"
                className="sr-only"
                data-testid="db-import-file"
                onChange={(event) => void chooseFile(event.target.files?.[0])}
              />
            </label>
            {error ? (
              <Alert tone="error" data-testid="db-import-error">
                {error}
              </Alert>
            ) : null}
          </div>
        ) : null}

        {step.name === "mapping" && parsed ? (
          step.loading ? (
            <div className="flex items-center justify-center gap-2 py-12 text-sm text-muted-foreground">
              <Spinner size="sm" label={null} />
              Suggesting how columns map to fields…
            </div>
          ) : (
            <div className="grid min-w-0 gap-3">
              {step.fallback ? (
                <Alert tone="warning" data-testid="db-import-fallback">
                  {CSV_MESSAGES.mappingFallback}
                </Alert>
              ) : null}
              <div className="overflow-x-auto rounded-lg border border-border">
                <table className="w-full min-w-max border-collapse text-left text-13">
                  <thead className="bg-neutral-50">
                    <tr>
                      {parsed.headers.map((header) => (
                        <th key={header} className="border-b border-border px-2.5 py-2 align-top font-medium">
                          <span className="mb-1.5 flex items-center gap-1.5 text-foreground">
                            <FileSpreadsheetIcon className="size-3.5 text-muted-foreground" aria-hidden />
                            {header}
                          </span>
                          <select
                            aria-label={`Field for ${header}`}
                            data-testid="db-import-map"
                            data-header={header}
                            className={cn(inputClasses, "h-8 min-w-36 py-0 text-13")}
                            value={step.mappings.find((m) => m.csvHeader === header)?.schemaField ?? ""}
                            onChange={(event) =>
                              setStep({
                                ...step,
                                mappings: remapHeader(
                                  step.mappings,
                                  header,
                                  event.target.value || null,
                                  schema,
                                ),
                              })
                            }
                          >
                            <option value="">Skip</option>
                            {fieldNames.map((field) => (
                              <option key={field} value={field}>
                                {field}
                              </option>
                            ))}
                          </select>
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {parsed.rows.slice(0, GRID.mappingPreviewRows).map((row, rowIndex) => (
                      <tr key={rowIndex} className="border-b border-border last:border-b-0">
                        {row.map((value, col) => (
                          <td key={col} className="max-w-56 truncate px-2.5 py-1.5 text-muted-foreground">
                            {value}
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <p className="text-13 text-muted-foreground">
                Showing {Math.min(GRID.mappingPreviewRows, parsed.rows.length)} of{" "}
                {parsed.rows.length.toLocaleString()} rows. Columns set to Skip are not imported.
              </p>
            </div>
          )
        ) : null}

        {step.name === "importing" ? (
          <div className="grid gap-3">
            <div className="flex items-center justify-between text-13">
              <span className="font-medium">{step.outcome ? "Import finished" : "Importing rows…"}</span>
              <span className="tabular-nums text-muted-foreground" data-testid="db-import-progress">
                {step.completed.toLocaleString()} / {step.total.toLocaleString()}
              </span>
            </div>
            <Progress
              value={step.completed}
              max={step.total}
              tone={
                step.outcome
                  ? importMessage(step.outcome).tone === "error"
                    ? "destructive"
                    : importMessage(step.outcome).tone === "warning"
                      ? "warning"
                      : "success"
                  : "default"
              }
            />
            {step.outcome ? (
              <Alert tone={importMessage(step.outcome).tone} data-testid="db-import-result">
                {importMessage(step.outcome).text}
              </Alert>
            ) : step.failed > 0 ? (
              <p className="text-13 text-muted-foreground">{step.failed} failed so far</p>
            ) : null}
            {step.outcome && step.outcome.failures.length > 0 && parsed ? (
              <FailedRowsReport
                fileName={parsed.fileName}
                headers={parsed.headers}
                failures={step.outcome.failures}
              />
            ) : null}
          </div>
        ) : null}

        <DialogFooter>
          {step.name === "upload" ? (
            <>
              <Button
                variant="outline"
                onClick={() => {
                  onOpenChange(false);
                  reset();
                }}
                data-testid="db-import-cancel"
              >
                Cancel
              </Button>
              <Button disabled={!parsed} onClick={() => void toMapping()} data-testid="db-import-next">
                Next
              </Button>
            </>
          ) : null}
          {step.name === "mapping" ? (
            <>
              <Button variant="outline" onClick={reset} data-testid="db-import-back">
                Back
              </Button>
              <Button
                disabled={step.loading || step.mappings.every((m) => m.schemaField === null)}
                onClick={() => void startImport(step.mappings)}
                data-testid="db-import-start"
              >
                Import {parsed ? parsed.rows.length.toLocaleString() : ""} rows
              </Button>
            </>
          ) : null}
          {step.name === "importing" ? (
            <Button
              disabled={importing}
              onClick={() => {
                onOpenChange(false);
                reset();
              }}
              data-testid="db-import-close"
            >
              {importing ? "Importing…" : "Close"}
            </Button>
          ) : null}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
