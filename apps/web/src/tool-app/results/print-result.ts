/**
 * Prints only the result: while the print dialog is up, the page's root carries a class
 * under which everything but the `[data-print-result]` region is hidden (PRINT_RESULT_CSS,
 * in the result's own <style>), so the form, header and buttons stay off the paper.
 */
export const PRINT_RESULT_CLASS = "liftoff-print-result";

export const PRINT_RESULT_CSS = `@media print {
  html.${PRINT_RESULT_CLASS} body * { visibility: hidden !important; }
  html.${PRINT_RESULT_CLASS} [data-print-result], html.${PRINT_RESULT_CLASS} [data-print-result] * { visibility: visible !important; }
  html.${PRINT_RESULT_CLASS} [data-print-result] { position: absolute; left: 0; top: 0; width: 100%; padding: 0; }
}`;

export function printResult(): void {
  const root = document.documentElement;
  root.classList.add(PRINT_RESULT_CLASS);
  const done = () => {
    root.classList.remove(PRINT_RESULT_CLASS);
    window.removeEventListener("afterprint", done);
  };
  window.addEventListener("afterprint", done);
  window.print();
}
