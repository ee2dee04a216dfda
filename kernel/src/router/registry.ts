import type { ComponentType } from 'react'
import { UsageError } from '../errors/usage.ts'

export interface ViewProps {
  params: Record<string, unknown>
}

export interface ViewDefinition {
  component: ComponentType<ViewProps>
  title: string
  /** A sign or approve view (behaviour §2 close rule). */
  sensitive?: boolean
  /** 'kernel' or the id of the plugin that registered it. */
  owner: string
}

/** Views come from the kernel and from plugins; nothing switches over their names. */
export interface ViewRegistry {
  register(name: string, view: ViewDefinition): void
  get(name: string): ViewDefinition | undefined
  has(name: string): boolean
  removeOwner(owner: string): void
}

export function createViewRegistry(): ViewRegistry {
  const views = new Map<string, ViewDefinition>()
  return {
    register(name, view) {
      const existing = views.get(name)
      if (existing && existing.owner !== view.owner) {
        throw new UsageError(
          'VIEW_ALREADY_REGISTERED',
          `Portico: view "${name}" is already registered by ${existing.owner}`,
        )
      }
      views.set(name, view)
    },
    get: (name) => views.get(name),
    has: (name) => views.has(name),
    removeOwner(owner) {
      for (const [name, view] of views) if (view.owner === owner) views.delete(name)
    },
  }
}
