// Docusaurus's `calculateReadingTime` cases (readingTime.test.ts): words by Intl.Segmenter, 200 a minute.
import { describe, expect, it } from 'vitest';
import { readingTime } from './reading-time.js';

describe('reading time', () => {
  it.each([
    ['', 'en', 0],
    ['This is a short test content.', 'en', 0.03],
    ['This is a test content. '.repeat(100), 'en', 2.5],
    ['Hello! How are you? This is a test...', 'en', 0.04],
    ['This is line 1.\n    This is line 2.\n    This is line 3.', 'en', 0.06],
    ['<p>This is a <strong>test</strong> content.</p>', 'en', 0.05],
    ['# Title\n\nThis is **bold** and *italic* text.', 'en', 0.04],
    ['你好，世界！这是一段测试内容。', 'zh', 0.04],
  ])('%j (%s) takes %d minutes', (content, locale, minutes) => {
    expect(readingTime(content, locale)).toBe(minutes);
  });

  it('respects another reading speed', () => {
    expect(readingTime('This is a test content. '.repeat(100), 'en', 100)).toBe(5);
  });
});
