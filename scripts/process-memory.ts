import fs from "node:fs";

/**
 * A process's resident memory as the kernel counts it (/proc/PID/status): now (VmRSS) and its
 * peak since it started (VmHWM), in MiB. The bench, the battery and the memory process test
 * all use this one measure.
 */
export function processMemory(pid: number): { rssMiB: number; peakMiB: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)![1]);
  return {
    rssMiB: Math.round(kib("VmRSS") / 1024),
    peakMiB: Math.round(kib("VmHWM") / 1024),
  };
}
