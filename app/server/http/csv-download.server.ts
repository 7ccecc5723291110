/**
 * A CSV download streamed from an async generator of text chunks (an export read in batches), as
 * an attachment named `<name>-YYYY-MM-DD.csv`, never cached.
 */
export function csvDownload(chunks: AsyncGenerator<string>, name: string): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  const day = new Date().toISOString().slice(0, 10);
  return csvResponse(body, `${name}-${day}.csv`);
}

/** A CSV attachment with this file name, never cached. */
export function csvResponse(body: BodyInit, fileName: string): Response {
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
