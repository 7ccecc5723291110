import { zonedParts } from "~/lib/dates";

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

/** "2026-11-25 08:17:03" on the store's wall clock (our tz data): sortable, read as a date by spreadsheets. */
export function csvDateTime(value: Date, zone: string): string {
  const p = zonedParts(value, zone);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${p.year}-${two(p.month)}-${two(p.day)} ${two(p.hour)}:${two(p.minute)}:${two(p.second)}`;
}
