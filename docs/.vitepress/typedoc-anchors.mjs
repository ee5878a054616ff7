// A TypeDoc plugin: on one page per module, typedoc-plugin-markdown numbers some anchors as if a
// name had two headings (`#gatewayrolestate-1` where the page has one `GatewayRoleState`). Each
// link to an anchor its page lacks is pointed at the heading it names, by VitePress's own rule.
import { MarkdownPageEvent } from "typedoc-plugin-markdown";
import { vitepressSlug } from "./slugs.mjs";

/** The anchors of a Markdown page's headings, outside fenced code, numbered as markdown-it-anchor does. */
function anchorsOf(markdown) {
  const anchors = new Set();
  const text = markdown.replace(/```[\s\S]*?```/g, "");
  for (const [, heading] of text.matchAll(/^#{1,6} (.+)$/gm)) {
    // What markdown-it reads of a heading: no escapes, the text of code spans and links.
    const title = heading
      .replace(/\\(.)/g, "$1")
      .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/`([^`]*)`/g, "$1")
      .replace(/\*\*?([^*]+)\*\*?/g, "$1");
    const slug = vitepressSlug(title);
    let unique = slug;
    for (let n = 1; anchors.has(unique); n++) unique = `${slug}-${n}`;
    anchors.add(unique);
  }
  return anchors;
}

/** @param {import("typedoc").Application} app */
export function load(app) {
  app.renderer.on(MarkdownPageEvent.END, (page) => {
    if (!page.contents) return;
    const anchors = anchorsOf(page.contents);
    page.contents = page.contents.replace(/\]\(#([^)\s]+)\)/g, (link, anchor) => {
      const base = /^(.+)-\d+$/.exec(anchor)?.[1];
      return anchors.has(anchor) || base === undefined || !anchors.has(base) ? link : `](#${base})`;
    });
  });
}
