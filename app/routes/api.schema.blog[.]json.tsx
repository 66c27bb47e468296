import { blogAnswerJsonSchema } from '~/lib/site.server';

/** The JSON Schema of the blog API's answer. */
export const loader = () => new Response(JSON.stringify(blogAnswerJsonSchema(), null, 2), { headers: { 'Content-Type': 'application/schema+json' } });
