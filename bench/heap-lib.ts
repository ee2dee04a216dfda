/**
 * Chromium heap snapshots for the benches: take one over CDP and say what holds the memory
 * (self size per node type, and the nodes that dominate the most: what DevTools calls retained size).
 */
import type { CDPSession } from '@playwright/test'

interface RawSnapshot {
  snapshot: {
    meta: {
      node_fields: string[]
      node_types: [string[], ...unknown[]]
      edge_fields: string[]
      edge_types: [string[], ...unknown[]]
    }
  }
  nodes: number[]
  edges: number[]
  strings: string[]
}

/** Garbage-collects twice, then returns the page's heap snapshot (JSON text, parsed). */
export async function takeSnapshot(cdp: CDPSession): Promise<RawSnapshot> {
  await cdp.send('HeapProfiler.enable')
  await cdp.send('HeapProfiler.collectGarbage')
  await cdp.send('HeapProfiler.collectGarbage')
  const chunks: string[] = []
  const onChunk = ({ chunk }: { chunk: string }) => chunks.push(chunk)
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk)
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false })
  cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk)
  return JSON.parse(chunks.join('')) as RawSnapshot
}

export interface HeapNodeReport {
  type: string
  name: string
  self: number
  retained: number
  /** Names along the dominator chain from the root, nearest last. */
  path: string[]
}

export interface HeapReport {
  total: number
  byType: { type: string; self: number; count: number }[]
  top: HeapNodeReport[]
  /** Largest strings (scripts' sources among them), first 80 characters shown. */
  strings: { self: number; head: string }[]
}

/** Dominators (Cooper, Harvey, Kennedy) over the strong edges, then retained sizes. */
export function analyze(raw: RawSnapshot, topCount = 40): HeapReport {
  const { meta } = raw.snapshot
  const nodeFieldCount = meta.node_fields.length
  const edgeFieldCount = meta.edge_fields.length
  const typeOffset = meta.node_fields.indexOf('type')
  const nameOffset = meta.node_fields.indexOf('name')
  const sizeOffset = meta.node_fields.indexOf('self_size')
  const edgeCountOffset = meta.node_fields.indexOf('edge_count')
  const edgeTypeOffset = meta.edge_fields.indexOf('type')
  const edgeNameOffset = meta.edge_fields.indexOf('name_or_index')
  const edgeToOffset = meta.edge_fields.indexOf('to_node')
  const nodeTypes = meta.node_types[0]
  const edgeTypes = meta.edge_types[0]
  const weak = edgeTypes.indexOf('weak')
  const shortcut = edgeTypes.indexOf('shortcut')
  const { nodes, edges, strings } = raw
  const count = nodes.length / nodeFieldCount

  const firstEdge = new Uint32Array(count + 1)
  for (let i = 0; i < count; i++)
    firstEdge[i + 1] =
      (firstEdge[i] ?? 0) + (nodes[i * nodeFieldCount + edgeCountOffset] ?? 0) * edgeFieldCount
  const children = (node: number, visit: (child: number) => void) => {
    for (let e = firstEdge[node] ?? 0; e < (firstEdge[node + 1] ?? 0); e += edgeFieldCount) {
      const type = edges[e + edgeTypeOffset]
      if (type === weak || type === shortcut) continue
      visit((edges[e + edgeToOffset] ?? 0) / nodeFieldCount)
    }
  }

  // Post-order from the root (node 0), iteratively.
  const order = new Int32Array(count).fill(-1)
  const postOrder: number[] = []
  const visited = new Uint8Array(count)
  const stack: [number, number][] = [[0, firstEdge[0] ?? 0]]
  visited[0] = 1
  while (stack.length > 0) {
    const top = stack[stack.length - 1] as [number, number]
    const [node, edge] = top
    if (edge >= (firstEdge[node + 1] ?? 0)) {
      order[node] = postOrder.length
      postOrder.push(node)
      stack.pop()
      continue
    }
    top[1] = edge + edgeFieldCount
    const type = edges[edge + edgeTypeOffset]
    if (type === weak || type === shortcut) continue
    const child = (edges[edge + edgeToOffset] ?? 0) / nodeFieldCount
    if (!visited[child]) {
      visited[child] = 1
      stack.push([child, firstEdge[child] ?? 0])
    }
  }
  const predecessors: number[][] = Array.from({ length: count }, () => [])
  for (const node of postOrder) children(node, (child) => predecessors[child]?.push(node))

  const idom = new Int32Array(count).fill(-1)
  idom[0] = 0
  const intersect = (a: number, b: number) => {
    let x = a
    let y = b
    while (x !== y) {
      while ((order[x] ?? 0) < (order[y] ?? 0)) x = idom[x] ?? 0
      while ((order[y] ?? 0) < (order[x] ?? 0)) y = idom[y] ?? 0
    }
    return x
  }
  for (let changed = true; changed; ) {
    changed = false
    for (let i = postOrder.length - 2; i >= 0; i--) {
      const node = postOrder[i] as number
      let dom = -1
      for (const pred of predecessors[node] ?? []) {
        if (idom[pred] === -1) continue
        dom = dom === -1 ? pred : intersect(pred, dom)
      }
      if (dom !== -1 && idom[node] !== dom) {
        idom[node] = dom
        changed = true
      }
    }
  }

  const self = (node: number) => nodes[node * nodeFieldCount + sizeOffset] ?? 0
  const retained = new Float64Array(count)
  for (const node of postOrder) retained[node] = (retained[node] ?? 0) + self(node)
  for (const node of postOrder) {
    const dom = idom[node] ?? 0
    if (node !== 0) retained[dom] = (retained[dom] ?? 0) + (retained[node] ?? 0)
  }

  const typeOf = (node: number) => nodeTypes[nodes[node * nodeFieldCount + typeOffset] ?? 0] ?? '?'
  const nameOf = (node: number) => {
    const name = strings[nodes[node * nodeFieldCount + nameOffset] ?? 0] ?? ''
    return typeOf(node) === 'string' ? `"${name.slice(0, 40)}"` : name.slice(0, 80)
  }
  /** The edge name from a node's dominator to it, when there is a direct edge. */
  const edgeName = (from: number, to: number) => {
    for (let e = firstEdge[from] ?? 0; e < (firstEdge[from + 1] ?? 0); e += edgeFieldCount) {
      if ((edges[e + edgeToOffset] ?? 0) / nodeFieldCount !== to) continue
      const value = edges[e + edgeNameOffset] ?? 0
      const kind = edgeTypes[edges[e + edgeTypeOffset] ?? 0]
      return kind === 'element' || kind === 'hidden' ? `[${value}]` : (strings[value] ?? '')
    }
    return ''
  }

  const byType = new Map<string, { self: number; count: number }>()
  let total = 0
  for (const node of postOrder) {
    const entry = byType.get(typeOf(node)) ?? { self: 0, count: 0 }
    entry.self += self(node)
    entry.count++
    byType.set(typeOf(node), entry)
    total += self(node)
  }

  // Top retainers: skip synthetic roots and nodes whose dominator is itself in the list with ~the same size.
  const candidates = postOrder
    .filter((node) => node !== 0 && typeOf(node) !== 'synthetic')
    .sort((a, b) => (retained[b] ?? 0) - (retained[a] ?? 0))
  const top: HeapNodeReport[] = []
  for (const node of candidates) {
    if (top.length >= topCount) break
    const path: string[] = []
    for (let at = node, hops = 0; at !== 0 && hops < 8; hops++) {
      const dom = idom[at] ?? 0
      path.unshift(`${edgeName(dom, at) || '?'}→${nameOf(at)}`)
      at = dom
    }
    top.push({
      type: typeOf(node),
      name: nameOf(node),
      self: self(node),
      retained: retained[node] ?? 0,
      path,
    })
  }

  const stringNodes = postOrder
    .filter((node) => typeOf(node) === 'string' || typeOf(node) === 'concatenated string')
    .sort((a, b) => self(b) - self(a))
    .slice(0, 15)
    .map((node) => ({
      self: self(node),
      head: (strings[nodes[node * nodeFieldCount + nameOffset] ?? 0] ?? '').slice(0, 80),
    }))

  return {
    total,
    byType: [...byType.entries()]
      .map(([type, entry]) => ({ type, ...entry }))
      .sort((a, b) => b.self - a.self),
    top,
    strings: stringNodes,
  }
}

export function formatReport(title: string, report: HeapReport): string {
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`
  return [
    `\n## ${title}: ${(report.total / 1024 / 1024).toFixed(2)} MiB in reachable nodes`,
    'self size by node type:',
    ...report.byType.slice(0, 14).map((t) => `  ${kib(t.self).padStart(11)}  ${t.type} (${t.count})`),
    'largest retained (dominator chain from the root):',
    ...report.top.map(
      (n) => `  ${kib(n.retained).padStart(11)} (self ${kib(n.self)})  ${n.type} ${n.path.join(' / ')}`,
    ),
    'largest strings:',
    ...report.strings.map((s) => `  ${kib(s.self).padStart(11)}  ${JSON.stringify(s.head)}`),
  ].join('\n')
}
