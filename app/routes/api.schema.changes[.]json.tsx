import { changesAnswerJsonSchema } from '~/lib/site.server';

/** The JSON Schema of the changes API's answer. */
export const loader = () => new Response(JSON.stringify(changesAnswerJsonSchema(), null, 2), { headers: { 'Content-Type': 'application/schema+json' } });
