// How the raw baselines answer: at once, or (coalesced) together with every other answer of the same
// event-loop turn, the way the reference server writes them (packages/server/src/http/send.ts).

/** Returns `answer(write)`, which runs `write` at once, or with `coalesced` once the turn's I/O is done. */
export function answerer(coalesced) {
  let waiting = [];
  const writeWaiting = () => {
    const batch = waiting;
    waiting = [];
    for (const write of batch) write();
  };
  return (write) => {
    if (!coalesced) return write();
    if (waiting.length === 0) setImmediate(writeWaiting);
    waiting.push(write);
  };
}
