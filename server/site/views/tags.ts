// The tag index (`/{base}/tags`) and one tag's pages (`/{base}/tags/{tag}`).
import { docsUrl, tagsUrl } from '../../urls.js';
import { invariantFound } from '../http-error.js';
import { openDocs, type RequestContext } from '../request.js';

/** Every tag with its page count, or the pages that carry one tag. */
export async function tagsView(context: RequestContext) {
  const { docSet, located, slug, href } = await openDocs(context, ['tags']);
  const tags = await context.reads.tags(docSet);
  const [, tagSlug] = slug.split('/');
  if (tagSlug === undefined) {
    const all = [...tags.values()].sort((a, b) => a.label.localeCompare(b.label));
    return { kind: 'index' as const, title: 'Tags', tags: all.map((tag) => ({ label: tag.label, href: href(tag.permalink), count: tag.docs.length })) };
  }
  const tag = tags.get(tagSlug);
  invariantFound(tag, `No page is tagged "${tagSlug}" at ${docsUrl(located.prefix, slug)}.`, 'Tag not found');
  return {
    kind: 'tag' as const,
    title: `${tag.docs.length} ${tag.docs.length === 1 ? 'page' : 'pages'} tagged "${tag.label}"`,
    allTagsHref: tagsUrl(located.prefix),
    docs: tag.docs.map((doc) => ({ title: doc.title, href: href(doc.permalink), description: doc.description })),
  };
}
