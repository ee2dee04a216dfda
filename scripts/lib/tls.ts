// The local stack's TLS material: a CA of its own and one server certificate it signs for the loopback
// names, made with `openssl` into a gitignored directory and reused while both are valid. Nothing here is
// committed or trusted system-wide: Chromium is told the leaf's SPKI hash (chromiumTlsArgs), Node the CA
// (NODE_EXTRA_CA_CERTS).
import { execFileSync } from 'node:child_process'
import { createHash, X509Certificate } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/** The names every https origin of the stack uses (the demo on localhost, the services on 127.0.0.1). */
export const TLS_HOSTS = ['localhost', '127.0.0.1', '::1']

/** Days a new CA and a new leaf are valid. Short: they are remade on their own when they run out. */
export const CA_DAYS = 365
export const LEAF_DAYS = 30
/** A certificate this close to its end is remade, so a run never starts on one that expires mid-run. */
export const RENEW_BEFORE_MS = 2 * 86_400_000

export interface TlsFiles {
  dir: string
  caCert: string
  caKey: string
  /** The leaf followed by the CA (what nginx serves). */
  fullchain: string
  cert: string
  key: string
  /** base64 SHA-256 of the leaf's SubjectPublicKeyInfo: Chromium's --ignore-certificate-errors-spki-list. */
  spkiHash: string
}

export function tlsPaths(dir: string): Omit<TlsFiles, 'spkiHash'> {
  return {
    dir,
    caCert: path.join(dir, 'ca.crt'),
    caKey: path.join(dir, 'ca.key'),
    fullchain: path.join(dir, 'fullchain.crt'),
    cert: path.join(dir, 'server.crt'),
    key: path.join(dir, 'server.key'),
  }
}

/** What a certificate says about itself, enough to decide whether to keep it. */
export interface CertFacts {
  notBefore: Date
  notAfter: Date
  /** DNS names and IP addresses of its subjectAltName. */
  names: string[]
  /** Whether the CA's key signed it. */
  signedByCa: boolean
}

export function certFacts(certPem: string, caPem: string): CertFacts {
  const cert = new X509Certificate(certPem)
  const ca = new X509Certificate(caPem)
  return {
    notBefore: new Date(cert.validFrom),
    notAfter: new Date(cert.validTo),
    names: (cert.subjectAltName ?? '')
      .split(',')
      .map((entry) => entry.trim().replace(/^(DNS|IP Address):/, ''))
      .filter(Boolean)
      .map(normalizeIp),
    signedByCa: cert.checkIssued(ca) && cert.verify(ca.publicKey),
  }
}

// Node prints an IPv6 SAN in full (0:0:0:0:0:0:0:1); compare the short form we ask for.
const normalizeIp = (name: string) => (name === '0:0:0:0:0:0:0:1' ? '::1' : name)

/**
 * Why the files must be remade, or undefined when they can be reused: a leaf or CA that is not yet
 * valid, ends within RENEW_BEFORE_MS, lacks one of `hosts`, or was not signed by this CA.
 */
export function renewalReason(
  leaf: CertFacts,
  ca: Pick<CertFacts, 'notBefore' | 'notAfter'>,
  hosts: string[],
  now: Date,
): string | undefined {
  const ending = (facts: Pick<CertFacts, 'notBefore' | 'notAfter'>) =>
    facts.notBefore.getTime() > now.getTime() || facts.notAfter.getTime() - now.getTime() < RENEW_BEFORE_MS
  if (ending(ca)) return 'the CA is expired or about to expire'
  if (ending(leaf)) return 'the certificate is expired or about to expire'
  if (!leaf.signedByCa) return 'the certificate was not signed by this CA'
  const missing = hosts.filter((host) => !leaf.names.includes(host))
  if (missing.length > 0) return `the certificate lacks ${missing.join(', ')}`
  return undefined
}

/** base64 SHA-256 of a certificate's DER SubjectPublicKeyInfo (the form Chromium's SPKI list takes). */
export function spkiHash(certPem: string): string {
  const der = new X509Certificate(certPem).publicKey.export({ type: 'spki', format: 'der' })
  return createHash('sha256').update(der).digest('base64')
}

/**
 * The CA and server certificate in `dir`: the existing ones while valid for `hosts`, else new ones made
 * with openssl (P-256 keys, 0600). `log` says which and why.
 */
export function ensureCertificates(options: {
  dir: string
  hosts?: string[]
  now?: Date
  log?: (line: string) => void
}): TlsFiles {
  const hosts = options.hosts ?? TLS_HOSTS
  const files = tlsPaths(options.dir)
  const reason = reuseCheck(files, hosts, options.now ?? new Date())
  if (reason) {
    options.log?.(`tls: making a local CA and certificate in ${options.dir} (${reason})`)
    makeCertificates(files, hosts)
  } else options.log?.(`tls: reusing the local CA and certificate in ${options.dir}`)
  return { ...files, spkiHash: spkiHash(readFileSync(files.cert, 'utf8')) }
}

function reuseCheck(files: ReturnType<typeof tlsPaths>, hosts: string[], now: Date): string | undefined {
  const all = [files.caCert, files.caKey, files.cert, files.key, files.fullchain]
  if (!all.every((file) => existsSync(file))) return 'none yet'
  try {
    const caPem = readFileSync(files.caCert, 'utf8')
    const ca = new X509Certificate(caPem)
    const caFacts = { notBefore: new Date(ca.validFrom), notAfter: new Date(ca.validTo) }
    return renewalReason(certFacts(readFileSync(files.cert, 'utf8'), caPem), caFacts, hosts, now)
  } catch (error) {
    return `unreadable: ${(error as Error).message}`
  }
}

const openssl = (args: string[], cwd: string) =>
  execFileSync('openssl', args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] })

/** A new CA and leaf, written beside the old files and renamed over them (a reader never sees half). */
function makeCertificates(files: ReturnType<typeof tlsPaths>, hosts: string[]): void {
  mkdirSync(files.dir, { recursive: true, mode: 0o700 })
  const work = path.join(files.dir, `new-${process.pid}`)
  rmSync(work, { recursive: true, force: true })
  mkdirSync(work, { mode: 0o700 })
  try {
    const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes']
    openssl(
      [
        'req',
        '-x509',
        ...ec,
        '-keyout',
        'ca.key',
        '-out',
        'ca.crt',
        '-days',
        String(CA_DAYS),
        '-subj',
        `/CN=Portico local CA ${new Date().toISOString().slice(0, 10)}`,
        '-addext',
        'basicConstraints=critical,CA:TRUE,pathlen:0',
        '-addext',
        'keyUsage=critical,keyCertSign,cRLSign',
      ],
      work,
    )
    openssl(['req', ...ec, '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=localhost'], work)
    const san = hosts.map((host) => (/^[\d.]+$|:/.test(host) ? `IP:${host}` : `DNS:${host}`)).join(',')
    writeFileSync(
      path.join(work, 'server.ext'),
      [
        `subjectAltName=${san}`,
        'basicConstraints=critical,CA:FALSE',
        'keyUsage=critical,digitalSignature',
        'extendedKeyUsage=serverAuth',
        '',
      ].join('\n'),
    )
    openssl(
      [
        'x509',
        '-req',
        '-in',
        'server.csr',
        '-CA',
        'ca.crt',
        '-CAkey',
        'ca.key',
        '-set_serial',
        `0x${createHash('sha256').update(`${Date.now()}-${Math.random()}`).digest('hex').slice(0, 16)}`,
        '-days',
        String(LEAF_DAYS),
        '-extfile',
        'server.ext',
        '-out',
        'server.crt',
      ],
      work,
    )
    const leaf = readFileSync(path.join(work, 'server.crt'), 'utf8')
    writeFileSync(path.join(work, 'fullchain.crt'), leaf + readFileSync(path.join(work, 'ca.crt'), 'utf8'))
    // The server certificate last: reuseCheck reads it against the CA, so a mixed set is remade, not used.
    for (const name of ['ca.key', 'ca.crt', 'server.key', 'fullchain.crt', 'server.crt'])
      renameSync(path.join(work, name), path.join(files.dir, name))
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}
