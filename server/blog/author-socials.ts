// An author's `socials` as Docusaurus normalises them (blog `authorsSocials.ts`): a handle on a
// known platform becomes that platform's profile URL; a full URL stays as written.

/** Profile URLs of the platforms Docusaurus knows, by lowercased name. */
const PLATFORMS: Record<string, ((handle: string) => string) | undefined> = {
  x: (handle) => `https://x.com/${handle}`,
  twitter: (handle) => `https://twitter.com/${handle}`,
  github: (handle) => `https://github.com/${handle}`,
  linkedin: (handle) => `https://www.linkedin.com/in/${handle}/`,
  stackoverflow: (handle) => `https://stackoverflow.com/users/${handle}`,
  bluesky: (handle) => `https://bsky.app/profile/${handle}`,
  instagram: (handle) => `https://www.instagram.com/${handle}`,
  threads: (handle) => `https://www.threads.net/@${handle}`,
  mastodon: (handle) => `https://mastodon.social/@${handle}`,
  twitch: (handle) => `https://twitch.tv/${handle}`,
  youtube: (handle) => `https://youtube.com/@${handle}`,
  email: (handle) => `mailto:${handle}`,
};

/** A handle: a user name, id or address, with no slash. */
const HANDLE = /^[\w.@+-]+$/;

/** Social links by platform, handles made URLs; throws on a value that is neither a handle nor an http(s) URL, as Docusaurus does. */
export function normalizeSocials(socials: Record<string, string>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(socials)) {
    const platform = name.toLowerCase();
    const url = PLATFORMS[platform];
    if (/^https?:\/\//.test(value)) result[url ? platform : name] = value;
    else if (HANDLE.test(value) && url) result[platform] = url(value);
    else throw new Error(`Author socials should be usernames/userIds/handles, or fully qualified HTTP(s) absolute URLs.\nSocial platform '${name}' has illegal value '${value}'`);
  }
  return result;
}
