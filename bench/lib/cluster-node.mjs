// One process of the benchmark bot's cluster (or, with role "single", the same bot in one process):
// `/ping` answers pong; each message costs HANDLER_MS of CPU, as a handler doing real work would.
// Arguments: role, node id, Redis URL ("-" for single), token, base URL, gateway URL, handler ms.
// Prints `ready <id>`, then `handled <n>` every 200 ms while the count moves; with BENCH_SEEN set,
// also `seen <content>` as each message is handled. BENCH_NODE_LOGGER sets the log level (warn).
const [role, nodeId, redis, token, baseUrl, gatewayUrl, handlerMs] = process.argv.slice(2);
const fw = await import("../../packages/framework/dist/index.js");
const { Command, CommandContext, createBot, defineBot, On } = fw;

let handled = 0;
const seen = Boolean(process.env.BENCH_SEEN);
const level = process.env.BENCH_NODE_LOGGER ?? "warn";
const busy = Number(handlerMs);
class Work {
  seen(message) {
    if (message.author.bot) return;
    const until = performance.now() + busy;
    while (performance.now() < until);
    handled += 1;
    if (seen) console.log(`seen ${message.content}`);
  }
}
On("MESSAGE_CREATE")(Work.prototype, "seen", Object.getOwnPropertyDescriptor(Work.prototype, "seen"));
class Ping {
  async run(ctx) {
    await ctx.reply("pong");
  }
}
Reflect.defineMetadata("design:paramtypes", [CommandContext], Ping.prototype, "run");
Command({ name: "ping", description: "Answers pong" })(Ping);

const definition = defineBot({
  commands: [Ping],
  listeners: [Work],
  logger: level,
  rest: { globalLimit: Infinity },
  // `seen` lines name each message by its content, which comes only with the intent.
  ...(seen && { messageContent: true }),
});
let stop;
if (role === "single") {
  const bot = createBot({ ...definition, token, baseUrl, gatewayUrl });
  await bot.start();
  stop = () => bot.stop();
} else {
  const { startClusterNode } = await import("../../packages/cluster/dist/index.js");
  const node = await startClusterNode(definition, {
    role,
    nodeId,
    redis,
    token,
    baseUrl,
    gatewayUrl,
    logger: level,
  });
  stop = () => node.stop();
}
console.log(`ready ${nodeId}`);
let last = -1;
setInterval(() => {
  if (handled !== last) console.log(`handled ${handled}`);
  last = handled;
}, 200).unref();
process.once("SIGTERM", () => void stop().then(() => process.exit(0)));
