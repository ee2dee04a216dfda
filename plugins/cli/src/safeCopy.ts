import {
  closeSync,
  constants,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  type Stats,
  unlinkSync,
  writeSync,
} from 'node:fs'
import path from 'node:path'
import { CopyRefusedError } from './catalogue.ts'

interface RemoteEntry {
  /** Path below the remote's folder, with the platform's separators. */
  relative: string
  kind: 'dir' | 'file'
}

const lstatIfAny = (file: string): Stats | undefined => {
  try {
    return lstatSync(file)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
}

/** A remote's folders and files; a symbolic link (or device, socket…) in a package is refused, not followed. */
function listRemote(sourceDir: string, below = ''): RemoteEntry[] {
  return readdirSync(path.join(sourceDir, below), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(below, entry.name)
    if (entry.isDirectory()) return [{ relative, kind: 'dir' as const }, ...listRemote(sourceDir, relative)]
    if (entry.isFile()) return [{ relative, kind: 'file' as const }]
    throw new CopyRefusedError(`${path.join(sourceDir, relative)} is not a regular file`)
  })
}

/**
 * Refuses unless `relative` can be written as `kind` below `root` without leaving it: every existing
 * step is a real folder (never a symbolic link) and the last one, when it exists, has the right kind.
 */
function assertWritable(root: string, relative: string, kind: RemoteEntry['kind']): void {
  const steps = relative.split(path.sep)
  let current = root
  for (const [index, step] of steps.entries()) {
    current = path.join(current, step)
    const stats = lstatIfAny(current)
    if (!stats) return
    const shown = path.relative(root, current)
    if (stats.isSymbolicLink()) throw new CopyRefusedError(`${shown} in the target is a symbolic link`)
    const isLast = index === steps.length - 1
    if ((!isLast || kind === 'dir') && !stats.isDirectory())
      throw new CopyRefusedError(`${shown} in the target is not a folder`)
    if (isLast && kind === 'file' && !stats.isFile())
      throw new CopyRefusedError(`${shown} in the target is not a regular file`)
  }
}

/** The folder a plugin's remote goes to: `<root>/<id>`, one plain name, never a path. */
function assertPlainName(root: string, id: string): void {
  if (!/^[A-Za-z][A-Za-z0-9_-]*$/.test(id) || path.relative(root, path.resolve(root, id)) !== id)
    throw new CopyRefusedError(`plugin id ${JSON.stringify(id)} is not a plain folder name`)
}

/** A checked copy of one remote, not written yet. */
export interface RemoteCopy {
  root: string
  sourceDir: string
  /** Below root: the plugin's folder first, then the remote's folders and files in it. */
  entries: (RemoteEntry & { source: string })[]
}

/**
 * Checks that a remote's folder can be copied into `<targetRoot>/<id>/` without writing outside it:
 * the target root and everything below it that exists is a real folder or file, never a symbolic link.
 */
export function planRemoteCopy(targetRoot: string, id: string, sourceDir: string): RemoteCopy {
  const root = path.resolve(targetRoot)
  const rootStats = lstatIfAny(root)
  if (rootStats?.isSymbolicLink())
    throw new CopyRefusedError(`${targetRoot} is a symbolic link; give the real folder`)
  if (rootStats && !rootStats.isDirectory()) throw new CopyRefusedError(`${targetRoot} is not a folder`)
  assertPlainName(root, id)
  const entries = [
    { relative: id, kind: 'dir' as const, source: '' },
    ...listRemote(sourceDir).map((entry) => ({
      ...entry,
      relative: path.join(id, entry.relative),
      source: entry.relative,
    })),
  ]
  for (const entry of entries) assertWritable(root, entry.relative, entry.kind)
  return { root, sourceDir, entries }
}

/**
 * Writes a planned copy. Each file is written fresh: an existing one is unlinked (a hard link to a file
 * elsewhere keeps its bytes) and created with O_EXCL | O_NOFOLLOW, so a link planted since the check is
 * not followed. Returns the files written, relative to the target root.
 */
export function writeRemoteCopy({ root, sourceDir, entries }: RemoteCopy): string[] {
  mkdirSync(root, { recursive: true })
  const written: string[] = []
  for (const entry of entries) {
    const target = path.join(root, entry.relative)
    if (entry.kind === 'dir') {
      if (!lstatIfAny(target)) mkdirSync(target)
      continue
    }
    if (lstatIfAny(target)) unlinkSync(target)
    const bytes = readFileSync(path.join(sourceDir, entry.source))
    const fd = openSync(
      target,
      constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0),
      0o644,
    )
    try {
      writeSync(fd, bytes)
    } finally {
      closeSync(fd)
    }
    written.push(entry.relative)
  }
  return written
}
