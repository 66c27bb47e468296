import type { ActionFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { sameSiteRedirect, themeCookie } from '~/lib/theme';

/** Sets the reader's theme from a plain form post and sends them back where they were, on this site only. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  return redirect(sameSiteRedirect(form.get('redirectTo'), request.url), { headers: { 'Set-Cookie': themeCookie(form.get('theme')) } });
}

export function loader() {
  return redirect('/');
}
