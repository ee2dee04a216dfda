/**
 * Portico's plugins by id (the `features.<id>` flag, the folder `<pluginBaseUrl>/<id>/`) and the package
 * that ships each. An id outside this list is refused: it names nothing this command can copy.
 */
export const PLUGIN_PACKAGES: Readonly<Record<string, string>> = Object.freeze({
  email: '@portico/plugin-email',
  history: '@portico/plugin-history',
  names: '@portico/plugin-names',
  onramp: '@portico/plugin-onramp',
  receive: '@portico/plugin-receive',
  send: '@portico/plugin-send',
  siwx: '@portico/plugin-siwx',
  smartSessions: '@portico/plugin-smart-sessions',
  socials: '@portico/plugin-socials',
  swaps: '@portico/plugin-swaps',
})

export const isPluginId = (id: string): boolean => Object.hasOwn(PLUGIN_PACKAGES, id)

/** A refusal the command reports as one line, without a stack. */
export class CopyRefusedError extends Error {
  override name = 'CopyRefusedError'
}
