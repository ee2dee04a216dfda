import { open } from 'node:fs/promises'
import type { WalletDirectoryStore } from '../db/directoryRepository.ts'
import {
  DirectoryFileError,
  type DirectoryImport,
  MAX_FILE_BYTES,
  readDirectoryFile,
} from './directoryFile.ts'
import { storeDirectory } from './imported.ts'
import { fetchListedImages, type ListedImageOptions } from './listedImages.ts'

/**
 * Reads at most MAX_FILE_BYTES + 1 bytes of the file: a larger one is refused without being read
 * whole (a directory file is an operator's download, but a wrong path can name anything).
 */
export async function readBoundedFile(path: string): Promise<Buffer> {
  const handle = await open(path, 'r')
  try {
    const buffer = Buffer.alloc(Math.min(MAX_FILE_BYTES + 1, (await handle.stat()).size + 1))
    let length = 0
    while (length < buffer.length) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length)
      if (bytesRead === 0) break
      length += bytesRead
    }
    if (length > MAX_FILE_BYTES)
      throw new DirectoryFileError(`file is larger than ${MAX_FILE_BYTES} bytes; refused`)
    return buffer.subarray(0, length)
  } finally {
    await handle.close()
  }
}

export interface ImportOutcome {
  result: DirectoryImport
  /** False on a dry run or when no wallet is left (the previous import is kept then). */
  stored: boolean
}

/**
 * Checks a directory file, fetches the icons it gives by URL (a dry run too: what would be dropped
 * is part of the check) and, unless `dryRun`, replaces the stored directory with it. A file with no
 * acceptable wallet never replaces a working directory.
 */
export async function importDirectory(
  store: WalletDirectoryStore,
  path: string,
  opts: { dryRun?: boolean; images?: Partial<ListedImageOptions> } = {},
): Promise<ImportOutcome> {
  const result = readDirectoryFile(await readBoundedFile(path))
  if (result.wallets.length > 0) await fetchListedImages(result, opts.images)
  if (opts.dryRun || result.wallets.length === 0) return { result, stored: false }
  await storeDirectory(store, result)
  return { result, stored: true }
}
