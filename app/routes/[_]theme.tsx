import type { ActionFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { themeCookie } from '~/lib/theme';

/** Sets the reader's theme from a plain form post and sends them back where they were. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const to = String(form.get('redirectTo') ?? '/');
  // Only paths on this site: never an open redirect.
  const back = to.startsWith('/') && !to.startsWith('//') && !to.startsWith('/\\') ? to : '/';
  return redirect(back, { headers: { 'Set-Cookie': themeCookie(form.get('theme')) } });
}

export function loader() {
  return redirect('/');
}
