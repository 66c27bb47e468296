import katexStyles from 'katex/dist/katex.min.css?url';

/** KaTeX's stylesheet (its fonts load as a formula needs them), for an article whose HTML holds a formula drawn on the server; nothing otherwise. */
export function FormulaStyles({ html }: { html: string }) {
  return html.includes('class="katex') ? <link rel="stylesheet" href={katexStyles} /> : null;
}
