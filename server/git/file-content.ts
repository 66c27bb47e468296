// A file's content as a page shows it (an image, a partial, a raw import, a download). A blob that
// cannot be read is a missing file, not a broken page: a partial clone, a snapshot made without
// big media, a damaged pack, or a Git LFS pointer committed in the file's place. Callers show that
// one file as missing and report it where it is named (issue 55).

/** The start of every Git LFS pointer file (https://github.com/git-lfs/git-lfs/blob/main/docs/spec.md). */
const LFS_POINTER = 'version https://git-lfs.github.com/spec/v1';
/** LFS pointers are under 200 bytes; nothing larger is read to look for one. */
const LFS_POINTER_MAX = 1024;

/** Why a file's content cannot be shown; `reason` completes "the file …". */
export class UnreadableFileError extends Error {
  readonly code = 'UnreadableFile';
  constructor(
    readonly oid: string,
    readonly reason: string,
  ) {
    super(`The file (blob ${oid}) ${reason}`);
    this.name = 'UnreadableFileError';
  }
}

/** True for an UnreadableFileError from either bundle (checked by code, not class). */
export function isUnreadableFile(error: unknown): error is UnreadableFileError {
  return error instanceof Error && (error as { code?: string }).code === 'UnreadableFile';
}

/** Why a failed object read leaves a file unreadable, or undefined when the failure is of another kind (rethrow it). */
export function unreadableReason(error: unknown): string | undefined {
  const code = (error as { code?: string } | undefined)?.code;
  if (code === 'NotFoundError') return 'is missing from the repository (its blob is not in the object store: a partial clone or a damaged pack)';
  if (code === 'CorruptObject') return 'is damaged in the repository (its blob cannot be read back)';
  if (code === 'UnreadableFile') return (error as UnreadableFileError).reason;
  return undefined;
}

/** True when these bytes are a Git LFS pointer rather than the file it stands for. */
export function isLfsPointer(bytes: Uint8Array): boolean {
  return bytes.length <= LFS_POINTER_MAX && Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, LFS_POINTER.length)).toString('latin1') === LFS_POINTER;
}

const LFS_REASON = 'is a Git LFS pointer in the repository, not the file itself (the repository holds no LFS objects)';

/** What file reads need of a repository. */
export interface BlobReader {
  readBlob(oid: string): Promise<Uint8Array>;
  readBlobSize(oid: string): Promise<number>;
}

/** A file's bytes to show; throws UnreadableFileError when its blob is missing, damaged or a Git LFS pointer. */
export async function readFileContent(repository: Pick<BlobReader, 'readBlob'>, oid: string): Promise<Uint8Array> {
  let bytes: Uint8Array;
  try {
    bytes = await repository.readBlob(oid);
  } catch (error) {
    const reason = unreadableReason(error);
    throw reason ? new UnreadableFileError(oid, reason) : error;
  }
  if (isLfsPointer(bytes)) throw new UnreadableFileError(oid, LFS_REASON);
  return bytes;
}

/**
 * Why a file cannot be shown, or undefined when it can, without reading a large file whole: its
 * blob's presence from the pack index, and an LFS pointer from the few bytes of a small blob.
 * Damage inside a large blob is found only when it is read (readFileContent).
 */
export async function fileUnreadable(repository: BlobReader, oid: string): Promise<string | undefined> {
  try {
    if ((await repository.readBlobSize(oid)) > LFS_POINTER_MAX) return undefined;
    await readFileContent(repository, oid);
    return undefined;
  } catch (error) {
    const reason = unreadableReason(error);
    if (reason) return reason;
    throw error;
  }
}
