import type { ActionFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { sameSiteRedirect, themeCookie } from '~/lib/theme';
import { liteCookie } from '~/lib/site.server';

/** Sets the reader's theme or lite mode from a plain form post and sends them back where they were, on this site only. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const headers = new Headers();
  if (form.has('theme')) headers.append('Set-Cookie', themeCookie(form.get('theme')));
  if (form.has('lite')) headers.append('Set-Cookie', liteCookie(form.get('lite')));
  return redirect(sameSiteRedirect(form.get('redirectTo'), request.url), { headers });
}

export function loader() {
  return redirect('/');
}
