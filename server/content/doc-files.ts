// Which files of a docs folder are docs: Docusaurus's `include` and `exclude` options of
// plugin-content-docs, globs relative to the folder, with its defaults.

/** Docusaurus's default `exclude`: partials and tests are not pages (an `exclude` given replaces it). */
export const DEFAULT_EXCLUDE = ['**/_*.{js,jsx,ts,tsx,md,mdx}', '**/_*/**', '**/*.test.{js,jsx,ts,tsx}', '**/__tests__/**'];

/** The default `include`, written as docsite has always read it: `.md` and `.mdx`, in any case. */
const DEFAULT_DOC_FILE = /\.mdx?$/i;

/** Escapes a literal for a regular expression. */
function escapeLiteral(text: string): string {
  return text.replace(/[.+^$()|[\]\\]/g, '\\$&');
}

/** A glob as globby reads it (`**` any folders, `*` and `?` within a name, `{a,b}` alternatives) as a regular expression. */
export function globToRegExp(glob: string): RegExp {
  let source = '';
  for (let i = 0; i < glob.length; ) {
    if (glob.startsWith('**/', i)) {
      source += '(?:.*/)?';
      i += 3;
    } else if (glob.startsWith('**', i)) {
      source += '.*';
      i += 2;
    } else if (glob[i] === '*' || glob[i] === '?') {
      source += glob[i] === '*' ? '[^/]*' : '[^/]';
      i += 1;
    } else if (glob[i] === '{' && glob.indexOf('}', i) > i) {
      const end = glob.indexOf('}', i);
      source += `(?:${glob
        .slice(i + 1, end)
        .split(',')
        .map(escapeLiteral)
        .join('|')})`;
      i = end + 1;
    } else {
      source += escapeLiteral(glob[i]);
      i += 1;
    }
  }
  return new RegExp(`^${source}$`);
}

/** Which globs choose a docs folder's pages (undefined: Docusaurus's defaults). */
export interface DocFileGlobs {
  include?: readonly string[];
  exclude?: readonly string[];
}

/** A test of a path relative to the docs folder: is it a page? */
export function docFileMatcher(globs: DocFileGlobs = {}): (relativePath: string) => boolean {
  const include = globs.include?.map(globToRegExp);
  const exclude = (globs.exclude ?? DEFAULT_EXCLUDE).map(globToRegExp);
  return (relativePath) => (include ? include.some((glob) => glob.test(relativePath)) : DEFAULT_DOC_FILE.test(relativePath)) && !exclude.some((glob) => glob.test(relativePath));
}
