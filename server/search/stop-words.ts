// English words too common to tell pages apart. They are left out of the index and of queries, so
// "how to write a unit test" is ranked by "write", "unit" and "test".

/** The stop words, lowercase. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  'a an and are as at be by can do does for from how i if in into is it its of on or so that the their then there these this to was what when where which who will with you your'.split(
    ' ',
  ),
);
