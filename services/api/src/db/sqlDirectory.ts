import type { DirectoryWalletRecord, WalletDirectoryStore } from './directoryRepository.ts'
import type { SqlDriver } from './driver.ts'
import type { Num } from './sqlRows.ts'

interface WalletRow {
  id: string
  position: Num
  name: string
  homepage: string
  image_id: string
  rdns: string | null
  mobile_link: string | null
  desktop_link: string | null
  webapp_link: string | null
  chains: string
  badge_type: string
}

function walletFromRow(r: WalletRow): DirectoryWalletRecord {
  const chains: unknown = JSON.parse(r.chains)
  return {
    id: r.id,
    name: r.name,
    homepage: r.homepage,
    imageId: r.image_id,
    order: Number(r.position),
    rdns: r.rdns,
    mobileLink: r.mobile_link,
    desktopLink: r.desktop_link,
    webappLink: r.webapp_link,
    chains: Array.isArray(chains) ? chains.filter((c): c is string => typeof c === 'string') : [],
    badgeType: r.badge_type === 'certified' ? 'certified' : 'none',
  }
}

/** The imported wallet directory over either SQL engine; images are stored as base64 text. */
export function sqlDirectoryMethods(db: SqlDriver): WalletDirectoryStore {
  return {
    replaceDirectory(wallets, images, importedAt) {
      return db.transaction(async (tx) => {
        await tx.run('DELETE FROM directory_wallets')
        await tx.run('DELETE FROM directory_images')
        for (const w of wallets)
          await tx.run(
            `INSERT INTO directory_wallets (id, position, name, homepage, image_id, rdns, mobile_link,
               desktop_link, webapp_link, chains, badge_type, imported_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
            [
              w.id,
              w.order,
              w.name,
              w.homepage,
              w.imageId,
              w.rdns,
              w.mobileLink,
              w.desktopLink,
              w.webappLink,
              JSON.stringify(w.chains),
              w.badgeType,
              importedAt,
            ],
          )
        for (const i of images)
          await tx.run('INSERT INTO directory_images (id, content_type, body) VALUES (?, ?, ?)', [
            i.id,
            i.contentType,
            i.body.toString('base64'),
          ])
      })
    },
    async directoryWallets() {
      const rows = await db.all<WalletRow>('SELECT * FROM directory_wallets ORDER BY position')
      return rows.map(walletFromRow)
    },
    async directoryImages() {
      const rows = await db.all<{ id: string; content_type: string; body: string }>(
        'SELECT id, content_type, body FROM directory_images',
      )
      return rows.map((r) => ({ id: r.id, contentType: r.content_type, body: Buffer.from(r.body, 'base64') }))
    },
  }
}
