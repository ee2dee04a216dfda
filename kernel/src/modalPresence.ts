/**
 * Whether a handle's modal is loaded or on its way. A handle made by createModal always is; the React
 * provider's handle loads its body on intent, or at once for a connection to restore, and registers how
 * it knows. Read by the wagmi connector, so wagmi never waits on a modal nobody is loading.
 */
const presence = new WeakMap<object, () => boolean>()

export function registerModalPresence(handle: object, loadedOrLoading: () => boolean): void {
  presence.set(handle, loadedOrLoading)
}

export const modalLoadedOrLoading = (handle: object): boolean => presence.get(handle)?.() ?? true
