import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

// V8 lets a heap's pages grow while a program allocates quickly (a reload reads, compiles and writes
// a whole build, and imports one) and frees them only when it nears its limit or sits idle for a
// while: saves close together kept both of chatbot dev's heaps tens of MB above what they held. The
// `gc` function exists only in a context made after the flag is set.
setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

/**
 * A full collection of this thread's heap, which gives its free pages back: called once a reload
 * is done, so it never adds to one.
 */
export function collectGarbage(): void {
  gc();
}
