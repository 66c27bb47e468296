import { useEffect, useState } from 'react';
import { ARTICLE_ID } from './document-html';

/**
 * Which entry of the table of contents (an index into `ids`) is being read: the last listed
 * heading of the article whose top has scrolled past the sticky navbar, the last one at the end of
 * the page, else the first. Headings are taken in page order, so a page that repeats an id still
 * marks the right entry. Updated once per frame while scrolling; undefined before the script runs.
 */
export function useActiveHeading(ids: string[]): number | undefined {
  const [active, setActive] = useState<number>();
  const key = ids.join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `ids`, which is a new array on every render
  useEffect(() => {
    if (ids.length === 0) return;
    const listed = new Set(ids);
    let frame = 0;
    const update = () => {
      frame = 0;
      const headings = [...(document.getElementById(ARTICLE_ID)?.querySelectorAll('h1, h2, h3, h4, h5, h6') ?? [])].filter((heading) => listed.has(heading.id));
      if (headings.length === 0) return;
      const line = (document.querySelector('.navbar')?.getBoundingClientRect().bottom ?? 0) + 24;
      let current = 0;
      headings.forEach((heading, index) => {
        if (heading.getBoundingClientRect().top <= line) current = index;
      });
      // At the very end of the page the last sections may never reach the top: the last one is being read.
      if (window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2) current = headings.length - 1;
      // The n-th heading with an id is the n-th entry with that id.
      const id = headings[current].id;
      const occurrence = headings.slice(0, current).filter((heading) => heading.id === id).length;
      let seen = -1;
      setActive(ids.findIndex((candidate) => candidate === id && ++seen === occurrence));
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [key]);
  return active;
}
