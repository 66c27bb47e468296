// The zoo's jellyfin-org: no preset, docs at /docs, a blog at /posts, 12 React pages in src/pages.
import { describeZooSite } from './zoo-site.js';

// The client-redirects plugin's pages (fromExtensions ['html'] and redirects.ts): all answered but
// /search.html, whose target is the search plugin's page, which docsite does not have.
const REDIRECT_PAGES = 240;

describeZooSite(
  'jellyfin-org',
  'no preset, docs at /docs, a blog at /posts, 12 React pages',
  {
    folder: 'src/pages',
    count: 12,
    short: {
      // Its six platform icons are @icons-pack/react-simple-icons components, a package docsite does not
      // have (a stub renders nothing): their <title>s (Debian, Ubuntu, Linux, Arch, Gentoo, Fedora, CentOS)
      // are 6 of the build's 90 words. Every word the page's own code writes is there.
      '/downloads/linux/': { text: 0.93, why: 'icons of a package docsite does not have' },
    },
  },
  REDIRECT_PAGES,
);
