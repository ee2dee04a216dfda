// Set-up steps shared by `npm start` and `npm test`. Plain Node: this runs before dependencies exist.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'

export const ROOT = path.resolve(import.meta.dirname, '../..')

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', ...options })
  if (result.status !== 0) {
    const why = result.error ? result.error.message : `exit code ${result.status}`
    throw new Error(`\`${command} ${args.join(' ')}\` failed (${why})`)
  }
}

/** Installs dependencies when node_modules is missing or older than the lockfile. */
export function ensureDependencies() {
  const marker = path.join(ROOT, 'node_modules', '.package-lock.json')
  const lock = path.join(ROOT, 'package-lock.json')
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return
  console.log('› installing dependencies (npm ci)')
  run('npm', ['ci', '--no-audit', '--no-fund'])
}

const BROWSER_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome']

/** The system Chromium; installs Debian's when none is found (Playwright cannot download one here). */
export function ensureChromium() {
  const configured = process.env.PORTICO_CHROMIUM
  if (configured && existsSync(configured)) return configured
  const found = BROWSER_CANDIDATES.find((candidate) => existsSync(candidate))
  if (found) return found
  console.log('› no Chromium found: installing Debian chromium')
  const sudo = process.getuid?.() === 0 ? [] : ['sudo']
  const apt = (...args) =>
    run(sudo[0] ?? 'apt-get', [...sudo.slice(1), ...(sudo.length ? ['apt-get'] : []), ...args], {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    })
  apt('update', '-qq')
  apt('install', '-y', '-qq', 'chromium', 'fonts-dejavu-core')
  const installed = BROWSER_CANDIDATES.find((candidate) => existsSync(candidate))
  if (!installed) throw new Error('Chromium is still missing after apt-get install chromium')
  return installed
}

const NGINX_CANDIDATES = ['/usr/sbin/nginx', '/usr/bin/nginx']

/**
 * Debian's nginx (the https e2e runs the stack behind it); installs nginx-light when none is found. apt's
 * own start of the system service is refused (policy-rc.d on these machines; --no-install-recommends
 * and we never enable it): the stack runs its own nginx with its own config.
 */
export function ensureNginx() {
  const configured = process.env.PORTICO_NGINX
  if (configured && existsSync(configured)) return configured
  const found = NGINX_CANDIDATES.find((candidate) => existsSync(candidate))
  if (found) return found
  console.log('› no nginx found: installing Debian nginx-light')
  // One apt at a time on this machine (the lock redis.mjs takes too); whoever waited finds it installed.
  const script =
    'command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || { apt-get update -qq && ' +
    'apt-get install -y -qq --no-install-recommends nginx-light; }'
  const command = process.getuid?.() === 0 ? ['sh', '-c', script] : ['sudo', '-n', 'sh', '-c', script]
  run('flock', ['/tmp/portico-apt.lock', ...command], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  })
  const installed = NGINX_CANDIDATES.find((candidate) => existsSync(candidate))
  if (!installed) throw new Error('nginx is still missing after apt-get install nginx-light')
  return installed
}

export function packageScripts() {
  return JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts
}
