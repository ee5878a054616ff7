// A person's slash command in the dev API, awaited until the bot answers it: the benchmarks of
// `chatbot dev` time a save by when the new code answers. The waiting reads the server's live
// stream (`GET /dev/v1/stream`) and looks at the interaction again only when a change to the
// interactions was committed: polling it in a loop kept the process under test (whose main thread
// serves the dev API) and the machine's other core busy while the reload ran, and each answer was
// seen up to a poll late.

const PERSON = { "content-type": "application/json", "x-dev-user": "alice" };

/** How long a wait for a change goes before the interaction is read again anyway. */
const QUIET_MS = 1_000;

/**
 * Opens `baseUrl`'s live stream and answers `answered(channel, command, want)`, which uses
 * `/command` in `channel` until its answer is `want` (an answer of older code uses it again), and
 * `close()`.
 */
export async function commandAnswers(baseUrl) {
  const stream = new AbortController();
  const res = await fetch(`${baseUrl}/dev/v1/stream`, { signal: stream.signal });
  if (!res.ok) throw new Error(`GET /dev/v1/stream: ${res.status}`);
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  /** Changes to the interactions seen so far, and who waits for the next. */
  let changes = 0;
  let waiting = [];
  let text = "";
  // The stream is read from its `hello` on: every change after this function returns is counted.
  const first = await reader.read();
  const readOn = async (chunk) => {
    for (let part = chunk; !part.done; part = await reader.read()) {
      text += part.value;
      for (let end = text.indexOf("\n\n"); end >= 0; end = text.indexOf("\n\n")) {
        const event = text.slice(0, end);
        text = text.slice(end + 2);
        if (event.startsWith("event: world") && event.includes('"interactions"')) {
          changes++;
          for (const wake of waiting.splice(0)) wake();
        }
      }
    }
  };
  const reading = readOn(first).catch(() => undefined);
  /** Resolves once more than `seen` changes have come, or after a quiet while. */
  const changeAfter = (seen) =>
    changes > seen
      ? Promise.resolve()
      : new Promise((resolve) => {
          const timer = setTimeout(resolve, QUIET_MS);
          waiting.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });

  async function answered(channel, command, want) {
    for (;;) {
      const made = await fetch(`${baseUrl}/dev/v1/channels/${channel}/interactions`, {
        method: "POST",
        headers: PERSON,
        body: JSON.stringify({ name: command }),
      }).then((r) => r.json());
      if (made.state === "delivered") {
        for (;;) {
          const seen = changes;
          const now = await fetch(`${baseUrl}/dev/v1/interactions/${made.id}`).then((r) => r.json());
          if (now.state === "answered") {
            if (now.messages[0]?.content === want) return;
            break;
          }
          if (now.state !== "delivered" && now.state !== "thinking") break;
          await changeAfter(seen);
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  }

  return {
    answered,
    async close() {
      stream.abort();
      await reading;
    },
  };
}
