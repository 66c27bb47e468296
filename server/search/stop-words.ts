// English words too common to tell pages apart. They are left out of the index and of queries, so
// "how to write a unit test" is ranked by "write", "unit" and "test". The second line holds frequent
// words of the corpus (`should` is in 800 sections) that no one searches for; words that begin
// others readers type (`not` of `notes`, `them` of `theme`, `has` of `hash`, `all` of `allow`) are
// not stop words, as a stop word typed last is no prefix in the instant search.

/** The stop words, lowercase. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  [
    'a an and are as at be by can do does for from how i if in into is it its of on or so that the their then there these this to was what when where which who will with you your',
    'about again also any because been being both but could each have having here may might more most must only other our should some such they those through very we were while would',
  ]
    .join(' ')
    .split(' '),
);
