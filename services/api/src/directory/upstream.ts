/**
 * A wallet directory read from an upstream URL (PORTICO_WALLET_DIRECTORY=upstream): the same file
 * shape and rules as an import (directoryFile.ts), fetched with a time limit and a byte cap, so a
 * slow, huge or endless answer costs at most MAX_FILE_BYTES and the timeout.
 */
import { readBoundedText } from '../http/boundedBody.ts'
import {
  DirectoryFileError,
  type DirectoryImport,
  MAX_FILE_BYTES,
  readDirectoryFile,
} from './directoryFile.ts'

export async function fetchDirectory(url: string, timeoutMs: number): Promise<DirectoryImport> {
  const response = await fetch(url, {
    signal: AbortSignal.timeout(timeoutMs),
    // A redirect could lead anywhere, including the API's own network: the operator names the URL.
    redirect: 'error',
    headers: { accept: 'application/json' },
  })
  if (!response.ok) {
    await response.body?.cancel().catch(() => {})
    throw new DirectoryFileError(`upstream answered HTTP ${response.status}`)
  }
  const text = await readBoundedText(response, MAX_FILE_BYTES)
  const file = readDirectoryFile(Buffer.from(text))
  // Fetching every icon at each refresh is the import's job (directory:import stores them once).
  for (const { label } of file.imageUrls)
    file.report.push(`${label}: image dropped: image URLs are fetched only by directory:import`)
  file.imageUrls = []
  return file
}
