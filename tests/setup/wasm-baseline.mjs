// Preloaded into every Node process of `npm test` (NODE_OPTIONS=--import): WebAssembly runs on V8's
// baseline compiler only. The embedded database's module is large, and a test process lives seconds
// to minutes: the optimising tier would recompile most of it in the background for each process
// (measured: 2.3 s of CPU per database opened, 45 % of the open's cost) and rarely pay that back.
import v8 from "node:v8";

v8.setFlagsFromString("--liftoff-only");
