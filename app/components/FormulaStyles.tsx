import formulaStyles from '~/styles/formulas.css?url';

/** KaTeX's stylesheet, for an article whose HTML holds a formula drawn on the server (server/markdown/math.ts); nothing otherwise. */
export function FormulaStyles({ html }: { html: string }) {
  return html.includes('class="katex') ? <link rel="stylesheet" href={formulaStyles} /> : null;
}
