import type { DatabaseHandle } from "~/server/db.server";

/**
 * Shared by the admin list benches: counts the statements a page runs (wrapping the PGlite
 * client's query function) and times a page load as the median of 15 runs.
 */
export function listTimer(handle: DatabaseHandle, labelWidth = 30) {
  let statements = 0;
  const client = handle.pglite!;
  const original = client.query.bind(client);
  client.query = ((...args: Parameters<typeof original>) => {
    statements++;
    return original(...args);
  }) as typeof client.query;

  return async function time(label: string, load: () => Promise<{ rows: unknown[] }>) {
    await load(); // warm-up: plans and pages cached, as on a running server
    const runs: number[] = [];
    let perPage = 0;
    for (let i = 0; i < 15; i++) {
      statements = 0;
      const started = performance.now();
      const page = await load();
      runs.push(performance.now() - started);
      perPage = statements;
      if (page.rows.length === 0) throw new Error(`${label}: no rows`);
    }
    runs.sort((a, b) => a - b);
    const median = runs[7]!;
    console.log(
      `${label.padEnd(labelWidth)} ${median.toFixed(1).padStart(7)} ms   ${perPage} statements`,
    );
    return median;
  };
}
