import { describe, expect, it } from "vitest";
import { Table } from "./table.js";

interface Row {
  readonly id: string;
  readonly room: string;
  readonly text: string;
}

const rooms = () =>
  new Table<Row, "room", "room">(
    (r) => r.id,
    { room: (r) => r.room },
    { room: { group: (r) => r.room, id: (r) => r.id } },
  );

describe("a table's ordered index", () => {
  it("lists each group's ids in id order, whatever order they were put in", () => {
    const table = rooms();
    for (const id of ["3", "1", "2"]) table.set({ id, room: "a", text: "" });
    table.set({ id: "4", room: "b", text: "" });
    expect(table.ordered("room", "a").toArray()).toEqual(["1", "2", "3"]);
    expect(table.ordered("room", "b").toArray()).toEqual(["4"]);
    expect(table.ordered("room", "none").size).toBe(0);
  });

  it("keeps a row's place when it is replaced in the same group, and moves it when its group changes", () => {
    const table = rooms();
    table.set({ id: "1", room: "a", text: "" });
    table.set({ id: "2", room: "a", text: "" });
    table.set({ id: "1", room: "a", text: "edited" });
    expect(table.ordered("room", "a").toArray()).toEqual(["1", "2"]);
    table.set({ id: "1", room: "b", text: "moved" });
    expect(table.ordered("room", "a").toArray()).toEqual(["2"]);
    expect(table.ordered("room", "b").toArray()).toEqual(["1"]);
    expect(table.by("room", "b").get("1")?.text).toBe("moved");
  });

  it("drops a deleted row, and everything on clear", () => {
    const table = rooms();
    table.set({ id: "1", room: "a", text: "" });
    table.set({ id: "2", room: "a", text: "" });
    table.delete("1");
    expect(table.ordered("room", "a").toArray()).toEqual(["2"]);
    table.clear();
    expect(table.ordered("room", "a").size).toBe(0);
    expect(table.size).toBe(0);
  });
});
