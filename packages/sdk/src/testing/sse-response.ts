/** A `text/event-stream` answer the test writes to, ends, or breaks at will. */
export function sseResponse() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    cancel() {
      cancelled = true;
    },
  });
  const response = new Response(body, { status: 200, headers: { "content-type": "text/event-stream" } });
  return {
    response,
    send(text: string) {
      controller.enqueue(encoder.encode(text));
    },
    event(type: string, record: Record<string, unknown>, id?: string) {
      this.send(
        `${id === undefined ? "" : `id: ${id}\n`}event: ${type}\ndata: ${JSON.stringify(record)}\n\n`,
      );
    },
    end() {
      controller.close();
    },
    fail() {
      controller.error(new TypeError("network connection lost"));
    },
    isCancelled: () => cancelled,
  };
}
