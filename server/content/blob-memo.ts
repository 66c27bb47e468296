/**
 * Works a value out of one file's content once, for every commit that has the same file: `name`
 * says what the value is and names the file (problems in it carry the path), `blobOid` is the
 * content. A push then redoes only the files it changed. The value is shared, so never mutate it.
 */
export type BlobMemo = <T>(blobOid: string, name: string, compute: () => Promise<T>, bytes: (value: T) => number) => Promise<T>;

/** Keeps nothing: every call computes (tests, one-off tools). */
export const noBlobMemo: BlobMemo = (_blobOid, _name, compute) => compute();
