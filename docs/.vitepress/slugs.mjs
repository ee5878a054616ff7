// The two anchor rules of the site's headings.

/**
 * The anchors GitHub gives headings: the guide's pages link by them (`page.md#a-heading`), so the
 * links work on GitHub and on the site alike (the docs tests check them by the same rule).
 * @param {string} title
 */
export function githubSlug(title) {
  return title
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, "")
    .replace(/ /g, "-");
}

/**
 * VitePress's own rule, which the API reference's pages link by (typedoc-vitepress-theme).
 * @param {string} title
 */
export function vitepressSlug(title) {
  return (
    title
      .normalize("NFKD")
      .replace(/[\u0300-\u036F]/g, "")
      // eslint-disable-next-line no-control-regex -- the control characters are what it drops
      .replace(/[\u0000-\u001f]/g, "")
      .replace(/[\s~`!@#$%^&*()\-_+=[\]{}|\\;:"'“”‘’<>,.?/]+/g, "-")
      .replace(/-{2,}/g, "-")
      .replace(/^-+|-+$/g, "")
      .replace(/^(\d)/, "_$1")
      .toLowerCase()
  );
}
