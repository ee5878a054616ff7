export * from "./clock.js";
export * from "./ids.js";
