/**
 * better-sqlite3 options naming its compiled addon when PORTICO_SQLITE_ADDON is set. node_modules holds
 * the addon built for the Node that installed it; a process on another Node (the CI's LTS lane, or a
 * deployment that ships its own build) names the one built for its runtime.
 */
export function sqliteAddonOptions(env: NodeJS.ProcessEnv = process.env): { nativeBinding?: string } {
  return env.PORTICO_SQLITE_ADDON ? { nativeBinding: env.PORTICO_SQLITE_ADDON } : {}
}
