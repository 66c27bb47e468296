import { describe, expect, it } from 'vitest';
import { moduleGlobals } from './module-globals.js';

describe('moduleGlobals', () => {
  it("keeps a module's element rules, :global ones and its fonts, as Docusaurus's one bundle applies them to every page", () => {
    const css = `@font-face { font-family: Title; src: url(/f.woff2); }
h1 { font-family: Title; }
.hero h1 { color: red; }
#top { margin: 0; }
:global(.navbar) a { color: blue; }
a[href$=".pdf"] { color: green; }
@media (max-width: 600px) { .hero { padding: 0; } h2 { font-size: 1rem; } }
@media print { .card { display: none; } }
@keyframes spin { from { opacity: 0; } }`;
    const globals = moduleGlobals(css);
    expect(globals).toContain('@font-face');
    expect(globals).toContain('h1 { font-family: Title; }');
    expect(globals).toContain('.navbar a {');
    expect(globals).toContain('a[href$=".pdf"]');
    expect(globals).toMatch(/@media \(max-width: 600px\) \{\s*h2 \{ font-size: 1rem; \}/);
    expect(globals).not.toMatch(/\.hero|#top|\.card|@media print|keyframes/);
  });
});
