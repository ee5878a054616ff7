// `node --import ./register.mjs`: installs the TypeScript hooks of ts-hooks.mjs.
import { register } from "node:module";

register("./ts-hooks.mjs", import.meta.url);
