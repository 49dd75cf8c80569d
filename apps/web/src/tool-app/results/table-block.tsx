import { formatValue } from "./block-display.ts";

/** A table that scrolls sideways inside its block on a narrow screen (375 px) rather than the page. */
export function TableBlock({
  columns,
  rows,
}: {
  columns: readonly string[];
  rows: readonly Record<string, unknown>[];
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll it
    <div className="-mx-1 overflow-x-auto" tabIndex={0} role="region" aria-label="Table, scrolls sideways">
      <table className="w-full min-w-[20rem] border-collapse text-left text-sm">
        <thead>
          <tr>
            {columns.map((column) => (
              <th
                key={column}
                scope="col"
                className="border-b border-border px-2 py-1.5 font-semibold whitespace-nowrap"
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, rowIndex) => (
            <tr key={rowIndex}>
              {columns.map((column) => (
                <td key={column} className="border-b border-border px-2 py-1.5 align-top">
                  {formatValue(row[column])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
