import { describe, expect, it } from "vitest";
import { KeyedQueue } from "./keyed-queue.js";
import { SerialQueue } from "./serial-queue.js";

/** A task that ends when told, recording its start and end in `log`. */
function gate(log: string[], name: string) {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const task = async () => {
    log.push(`start ${name}`);
    await opened;
    log.push(`end ${name}`);
    return name;
  };
  return { task, open };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe("SerialQueue", () => {
  it("runs tasks one at a time in order, each answering its own result", async () => {
    const log: string[] = [];
    const queue = new SerialQueue();
    const a = gate(log, "a");
    const b = gate(log, "b");
    const ra = queue.run(a.task);
    const rb = queue.run(b.task);
    await turn();
    expect(log).toEqual(["start a"]);
    expect(queue.size).toBe(2);
    b.open();
    await turn();
    expect(log).toEqual(["start a"]);
    a.open();
    expect(await Promise.all([ra, rb])).toEqual(["a", "b"]);
    expect(log).toEqual(["start a", "end a", "start b", "end b"]);
  });

  it("goes on after a failed task, which rejects only its own promise", async () => {
    const queue = new SerialQueue();
    const failed = queue.run(() => Promise.reject(new Error("boom")));
    const next = queue.run(() => 2);
    await expect(failed).rejects.toThrow("boom");
    await expect(next).resolves.toBe(2);
  });

  it("idle() waits for tasks queued while it waits, and calls onIdle each time it empties", async () => {
    const log: string[] = [];
    let emptied = 0;
    const queue = new SerialQueue(() => (emptied += 1));
    await queue.idle();
    const a = gate(log, "a");
    void queue.run(a.task);
    let idle = false;
    const waiting = queue.idle().then(() => (idle = true));
    const b = gate(log, "b");
    void queue.run(b.task);
    a.open();
    await turn();
    expect(idle).toBe(false);
    b.open();
    await waiting;
    expect(queue.size).toBe(0);
    expect(emptied).toBe(1);
  });
});

describe("KeyedQueue", () => {
  it("orders tasks per key and runs keys side by side", async () => {
    const log: string[] = [];
    const queue = new KeyedQueue<string>();
    const a1 = gate(log, "a1");
    const a2 = gate(log, "a2");
    const b1 = gate(log, "b1");
    void queue.run("a", a1.task);
    const last = queue.run("a", a2.task);
    void queue.run("b", b1.task);
    await turn();
    expect(log).toEqual(["start a1", "start b1"]);
    expect(queue.size).toBe(2);
    expect(queue.sizeOf("a")).toBe(2);
    a1.open();
    a2.open();
    b1.open();
    await last;
    expect(log.indexOf("end a1")).toBeLessThan(log.indexOf("start a2"));
  });

  it("drops a key once its tasks settled, and idle(key) waits for them", async () => {
    const log: string[] = [];
    const queue = new KeyedQueue<number>();
    const t = gate(log, "t");
    void queue.run(7, t.task);
    let idle = false;
    const waiting = queue.idle(7).then(() => (idle = true));
    await turn();
    expect(idle).toBe(false);
    t.open();
    await waiting;
    expect(queue.size).toBe(0);
    expect(queue.sizeOf(7)).toBe(0);
    await expect(queue.idle(8)).resolves.toBeUndefined();
    await expect(queue.run(7, () => "again")).resolves.toBe("again");
  });
});
