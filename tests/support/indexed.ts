// Waiting for a search index to be whole: after a first start, search answers from the pages
// indexed so far (issue 55) and names what it leaves out (`notIndexed`); a test that checks what
// search finds waits until nothing is left out.

/**
 * Asks `/api/search{query}` (e.g. `?q=moodle`, with `ref` and `instance` as the test searches) until
 * it answers 200 with nothing left out; throws, saying what it last saw, after `timeoutMs`.
 */
export async function untilIndexed(base: string, query: string, timeoutMs = 600_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  let seen = '';
  while (Date.now() < end) {
    const res = await fetch(`${base}/api/search${query}`).catch(() => undefined);
    if (res?.status === 200) {
      const { notIndexed } = (await res.json()) as { notIndexed?: string[] };
      if (!notIndexed?.length) return;
      seen = `not indexed yet: ${notIndexed.join(', ')}`;
    } else seen = `status ${res?.status ?? 'none'}`;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`/api/search${query} was not whole within ${timeoutMs} ms (${seen})`);
}
