export function JsonBlock({ value }: { value: unknown }) {
  return (
    <pre className="max-h-96 overflow-auto rounded-md bg-muted px-3 py-2 font-mono text-xs leading-5">
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}
