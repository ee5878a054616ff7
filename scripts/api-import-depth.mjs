// A guard for the API report: api-extractor rewrites each `import("…").X<…>` type of a declaration
// and then walks its type arguments again, so its time doubles with each level of such types nested
// in one another. Declarations tsc infers from valibot schemas nest them 20 deep when the source file
// does not have valibot's namespace in scope, and the report of one such declaration ran for many
// minutes. This finds them first, in the program api-extractor analyses, and names them.
import { createRequire } from "node:module";
import { relative } from "node:path";

/** Past this many nested import() types a declaration takes seconds; each level doubles it. */
export const MAX_IMPORT_DEPTH = 8;

// api-extractor's own TypeScript, the one its program was made with.
const ts = createRequire(createRequire(import.meta.url).resolve("@microsoft/api-extractor"))("typescript");

function importDepth(node) {
  let deepest = 0;
  node.forEachChild((child) => {
    deepest = Math.max(deepest, importDepth(child));
  });
  return node.kind === ts.SyntaxKind.ImportType ? deepest + 1 : deepest;
}

/**
 * The declarations of the repository's own `.d.ts` files in `program` whose import() types nest
 * deeper than {@link MAX_IMPORT_DEPTH}: `file: name (depth)`, paths relative to `root`.
 */
export function deepImportTypes(program, root) {
  const found = [];
  for (const file of program.getSourceFiles()) {
    if (!file.fileName.startsWith(root) || file.fileName.includes("/node_modules/")) continue;
    for (const statement of file.statements) {
      const depth = importDepth(statement);
      if (depth <= MAX_IMPORT_DEPTH) continue;
      const name = statement.name ?? statement.declarationList?.declarations[0]?.name;
      found.push(
        `${relative(root, file.fileName)}: ${name ? name.getText(file) : "a declaration"} (${depth} deep)`,
      );
    }
  }
  return found;
}
