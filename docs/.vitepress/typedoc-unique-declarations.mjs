// A TypeDoc plugin: each declaration of a symbol is read for its comment once. The types valibot
// infers (`v.InferOutput<typeof UserSchema>`) are mapped over an intersection that holds each
// entry twice (valibot's `MarkOptional`: `{ [K in keyof T]?: unknown } & Omit<T, K> & …`), so
// TypeScript gives each property the same declaration twice, and TypeDoc, counting comments per
// declaration, warned "has multiple declarations with a comment" for every documented field of a
// wire object (415 of the 418 warnings of `npm run docs:api`) although each has one comment. The
// plugin hands TypeDoc's comment lookup each distinct declaration once; a symbol declared in two
// places with a comment on each (a class and an interface merged into it) still warns.
import { Context } from "typedoc";

/** @param {import("typedoc").Application} _app */
export function load(_app) {
  const getComment = Context.prototype.getComment;
  if (getComment.uniqueDeclarations) return;
  /** @this {Context} */
  function getCommentOfEachDeclarationOnce(symbol, kind) {
    const declarations = symbol.declarations;
    if (declarations !== undefined && new Set(declarations).size < declarations.length) {
      symbol = Object.create(symbol, { declarations: { value: [...new Set(declarations)] } });
    }
    return getComment.call(this, symbol, kind);
  }
  getCommentOfEachDeclarationOnce.uniqueDeclarations = true;
  Context.prototype.getComment = getCommentOfEachDeclarationOnce;
}
