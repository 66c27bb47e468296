import { useEffect, type RefObject } from 'react';

// A Copy button on every code block, added by script (progressive enhancement: with JavaScript off
// or in lite mode, the code is selectable as it is). The article's HTML is set by React as one
// string, so the buttons are added again whenever it changes.

/** Adds a Copy button to each code block inside `root`, and copies the block's code when it is pressed. */
export function useCodeCopy(root: RefObject<HTMLElement>, html: string): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: new article HTML has new code blocks
  useEffect(() => {
    const article = root.current;
    if (!article) return;
    for (const block of article.querySelectorAll<HTMLElement>('.code-block')) {
      if (block.querySelector(':scope > .copy-button')) continue;
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'copy-button';
      button.textContent = 'Copy';
      button.setAttribute('aria-label', 'Copy code to clipboard');
      block.prepend(button);
    }
    const onClick = (event: MouseEvent) => {
      const button = (event.target as Element).closest?.('.copy-button');
      const code = button?.parentElement?.querySelector('pre');
      if (!button || !code) return;
      copyText(code.textContent ?? '').then((copied) => {
        button.textContent = copied ? 'Copied' : 'Select and copy';
        setTimeout(() => {
          button.textContent = 'Copy';
        }, 2000);
      });
    };
    article.addEventListener('click', onClick);
    return () => article.removeEventListener('click', onClick);
  }, [root, html]);
}

/** Writes text to the clipboard (the Clipboard API needs a secure context; the older command does not). */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    const copied = document.execCommand('copy');
    area.remove();
    return copied;
  }
}
