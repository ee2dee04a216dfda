import type { DirectoryWalletRecord, WalletDirectoryStore } from '../db/directoryRepository.ts'
import {
  type Catalogue,
  type CatalogueWallet,
  catalogueImage,
  checkedWallets,
  createCatalogue,
  imageKey,
  readImageFiles,
} from './catalogue.ts'
import type { DirectoryImport } from './directoryFile.ts'

export const recordOf = (w: CatalogueWallet): DirectoryWalletRecord => ({
  id: w.id,
  name: w.name,
  homepage: w.homepage,
  imageId: w.image_id,
  order: w.order,
  rdns: w.rdns,
  mobileLink: w.mobile_link,
  desktopLink: w.desktop_link,
  webappLink: w.webapp_link,
  chains: w.chains,
  badgeType: w.badge_type,
})

const walletOf = (r: DirectoryWalletRecord): CatalogueWallet => ({
  id: r.id,
  name: r.name,
  homepage: r.homepage,
  image_id: r.imageId,
  order: r.order,
  rdns: r.rdns,
  mobile_link: r.mobileLink,
  desktop_link: r.desktopLink,
  webapp_link: r.webappLink,
  chains: r.chains,
  badge_type: r.badgeType,
})

/** Stores a checked directory file, replacing the previous import. */
export function storeDirectory(store: WalletDirectoryStore, file: DirectoryImport, now = Date.now()) {
  return store.replaceDirectory(
    file.wallets.map(recordOf),
    file.images.map(({ id, contentType, body }) => ({ id, contentType, body })),
    Math.floor(now / 1000),
  )
}

/**
 * The imported directory: wallets and their icons from the database (checked again by the wallet
 * rules, whoever wrote the rows), network, currency and token images from the data directory.
 * Refuses to start on an empty import: an empty wallet list is never what an operator meant.
 */
export async function loadImportedCatalogue(
  store: WalletDirectoryStore,
  dataDir: string,
): Promise<Catalogue> {
  const rows = await store.directoryWallets()
  if (rows.length === 0)
    throw new Error(
      'PORTICO_WALLET_DIRECTORY=database but no wallets are imported: run ' +
        '`npm run directory:import -w @portico/api -- <file>` first',
    )
  const images = readImageFiles(dataDir, ['asset', 'currency', 'token'])
  for (const image of await store.directoryImages())
    images.set(imageKey('wallet', image.id), catalogueImage(image.body, image.contentType))
  return createCatalogue(checkedWallets(rows.map(walletOf), 'imported directory'), images)
}
