import { describe, expect, it } from 'vitest';
import { styleImportsOf } from './style-imports.js';

describe('styleImportsOf', () => {
  it('finds the global stylesheets a component imports, relative or from @site, in order', () => {
    const code = [
      "import React from 'react';",
      "import './Hero.scss';",
      "import styles from './Card.module.scss';",
      "import '@site/src/css/shared.css';",
      "import 'swiper/css';",
      "import theme from '../theme.css?inline';",
      "const legacy = require('./legacy.css');",
    ].join('\n');
    expect(styleImportsOf('website/src/components/Hero.tsx', code, 'website')).toEqual([
      'website/src/components/Hero.scss',
      'website/src/css/shared.css',
      'website/src/theme.css',
      'website/src/components/legacy.css',
    ]);
  });

  it('leaves out commented imports, CSS modules, packages, code and paths above the repository', () => {
    const code = [
      "// import './old.css';",
      "import './Box.module.css';",
      "import 'katex/dist/katex.min.css';",
      "import Button from './Button';",
      "import '../../../outside.css';",
      'const text = \'import "./in-a-string.css"\';',
    ].join('\n');
    expect(styleImportsOf('src/pages/index.js', code, '')).toEqual([]);
  });

  it('names a stylesheet imported twice once', () => {
    expect(styleImportsOf('src/a.jsx', "import './a.css';\nimport './a.css';", '')).toEqual(['src/a.css']);
  });
});
