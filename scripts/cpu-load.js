// Loads the CPU like a busy CI machine: `node scripts/cpu-load.js [N]` spins N busy loops (default:
// one per core) in worker threads until it is stopped (Ctrl+C or SIGTERM). Used to prove the
// end-to-end suite stays green on a loaded machine:
//   node scripts/cpu-load.js & LOAD=$!; npx playwright test; kill $LOAD
import os from "node:os";
import { Worker } from "node:worker_threads";

const count = Number(process.argv[2] ?? os.availableParallelism?.() ?? os.cpus().length);
if (!Number.isInteger(count) || count < 1) {
  console.error("Usage: node scripts/cpu-load.js [number of busy loops, at least 1]");
  process.exit(1);
}
const workers = Array.from(
  { length: count },
  () => new Worker("for (;;) Math.sqrt(Math.random());", { eval: true }),
);
console.log(`cpu-load: ${count} busy loop(s) running (pid ${process.pid}); stop with SIGTERM`);
const stop = () => {
  for (const worker of workers) void worker.terminate();
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
