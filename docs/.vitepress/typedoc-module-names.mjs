// A TypeDoc plugin: names each module after the import specifier it documents
// (`@chatbot/cluster/testing`) rather than after its path (`cluster/src/testing`).
import { relative } from "node:path";
import { Converter } from "typedoc";
import { entries, root } from "./typedoc.config.mjs";

/** @param {import("typedoc").Application} app */
export function load(app) {
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context) => {
    for (const module of context.project.children ?? []) {
      const source = module.sources?.[0]?.fullFileName;
      const entry = source && entries.find((e) => relative(root, source) === e.path);
      if (entry) module.name = entry.name;
    }
  });
}
