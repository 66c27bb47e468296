/**
 * Whether a branch may be previewed at `/{base}/~{branch}/`. The pattern is a comma-separated list
 * of globs where `*` matches any run of characters, `/` included; an empty pattern allows none.
 */
export function previewAllowed(pattern: string, branch: string): boolean {
  return pattern
    .split(',')
    .map((glob) => glob.trim())
    .filter(Boolean)
    .some((glob) => new RegExp(`^${glob.split('*').map(escapeRegExp).join('.*')}$`).test(branch));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
