// The MESSAGE_CREATE payload the framework benchmarks hand to a bot (bench/framework.mjs,
// bench/compare.mjs): a message of the reference server's shape, numbered `i`.
export function benchMessage(i) {
  return {
    id: String(400000000000000000n + BigInt(i)),
    channel_id: "100000000000005001",
    guild_id: "100000000000004001",
    author: { id: "100000000000001001", username: "ada", name: "Ada", bot: false },
    content: `message number ${i}`,
    timestamp: "2026-11-23T00:00:00.000Z",
    edited_at: null,
    mentions: { users: [], roles: [], everyone: false },
    embeds: [],
    attachments: [],
  };
}
