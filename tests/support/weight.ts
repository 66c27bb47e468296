// What a first visit weighs in Chromium: every response of one page load with its bytes on the
// wire (headers included, as Chromium's network layer counts them), cold cache. Shared by
// bench/weight.ts and the tests that hold the weight budgets.
import type { Browser } from 'playwright-core';

/** One response of a page load. */
export interface Weighed {
  url: string;
  /** Chromium's resource type: Document, Script, Stylesheet, Image, Font, Other (the favicon)... */
  type: string;
  bytes: number;
}

/** Loads `url` in a fresh context (`width` px wide; `lite` sends Save-Data) with the cache off, and answers every response once the network is idle. */
export async function weigh(browser: Browser, url: string, opts: { width: number; lite?: boolean; colorScheme?: 'light' | 'dark' }): Promise<Weighed[]> {
  const context = await browser.newContext({
    viewport: { width: opts.width, height: 844 },
    colorScheme: opts.colorScheme,
    extraHTTPHeaders: opts.lite ? { 'Save-Data': 'on' } : {},
  });
  try {
    const tab = await context.newPage();
    const session = await context.newCDPSession(tab);
    await session.send('Network.setCacheDisabled', { cacheDisabled: true });
    const responses = new Map<string, Weighed>();
    session.on('Network.responseReceived', (event) => responses.set(event.requestId, { url: event.response.url, type: event.type ?? 'Other', bytes: 0 }));
    session.on('Network.loadingFinished', (event) => {
      const response = responses.get(event.requestId);
      if (response) response.bytes = event.encodedDataLength;
    });
    await session.send('Network.enable');
    await tab.goto(url, { waitUntil: 'networkidle' });
    return [...responses.values()];
  } finally {
    await context.close();
  }
}

/** The bytes of some responses together, in KiB. */
export function kibOf(responses: readonly Weighed[]): number {
  return responses.reduce((sum, response) => sum + response.bytes, 0) / 1024;
}
