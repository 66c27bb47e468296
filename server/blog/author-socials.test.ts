// Docusaurus's `normalizeSocials` cases (authorsSocials.test.ts): handles become profile URLs.
import { describe, expect, it } from 'vitest';
import { normalizeSocials } from './author-socials.js';

describe('author socials', () => {
  it('makes handles URLs, whatever the case of the platform, and keeps URLs', () => {
    expect(normalizeSocials({ gitHub: 'ozakione', X: 'ozakione', linkedIn: 'ozakione', stackoverflow: '82609', eMAil: 'seb@example.com' })).toEqual({
      github: 'https://github.com/ozakione',
      x: 'https://x.com/ozakione',
      linkedin: 'https://www.linkedin.com/in/ozakione/',
      stackoverflow: 'https://stackoverflow.com/users/82609',
      email: 'mailto:seb@example.com',
    });
    expect(normalizeSocials({ twitter: 'https://bit.ly/x', newsletter: 'https://thisweekinreact.com' })).toEqual({
      twitter: 'https://bit.ly/x',
      newsletter: 'https://thisweekinreact.com',
    });
  });

  it('refuses what is neither a handle nor a URL', () => {
    expect(() => normalizeSocials({ twitter: '/ozakione/XYZ' })).toThrow("Social platform 'twitter' has illegal value '/ozakione/XYZ'");
  });
});
