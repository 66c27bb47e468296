import { Link } from '@remix-run/react';

/** The site footer: where the pages come from and the tag index. */
export function Footer({ title, tagsHref }: { title: string; tagsHref: string }) {
  return (
    <footer className="footer">
      <p>
        {title} · <Link to={tagsHref}>All tags</Link> · Served from git: every branch is a preview.
      </p>
    </footer>
  );
}
