import { useEffect, type RefObject } from 'react';

// Image zoom, as an enhancement: with JavaScript, an article image (not a linked one) opens full
// size in a modal dialog, closed by a click or Escape. Without it, images are shown as they are.

/** Opens article images under `root` in a zoom dialog when clicked. */
export function useImageZoom(root: RefObject<HTMLElement>): void {
  useEffect(() => {
    const article = root.current;
    if (!article) return;
    article.dataset.zoom = '';
    const onClick = (event: MouseEvent) => {
      const image = (event.target as Element).closest?.('img');
      if (!(image instanceof HTMLImageElement) || image.closest('a') || event.defaultPrevented) return;
      const dialog = document.createElement('dialog');
      dialog.className = 'image-zoom';
      dialog.setAttribute('aria-label', image.alt || 'Image');
      const large = document.createElement('img');
      large.src = image.currentSrc || image.src;
      large.alt = image.alt;
      dialog.append(large);
      dialog.addEventListener('click', () => dialog.close());
      dialog.addEventListener('close', () => dialog.remove());
      document.body.append(dialog);
      dialog.showModal();
    };
    article.addEventListener('click', onClick);
    return () => {
      article.removeEventListener('click', onClick);
      delete article.dataset.zoom;
    };
  }, [root]);
}
