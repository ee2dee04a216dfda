/** One wallet of an imported directory, as stored (the served row of GET /getWallets). */
export interface DirectoryWalletRecord {
  id: string
  name: string
  homepage: string
  imageId: string
  /** Rank in the directory's order (1 first): the position in the imported file. */
  order: number
  rdns: string | null
  mobileLink: string | null
  desktopLink: string | null
  webappLink: string | null
  chains: string[]
  badgeType: 'none' | 'certified'
}

export interface DirectoryImageRecord {
  id: string
  contentType: string
  body: Buffer
}

/** The wallet directory an operator imported (services/api `directory:import`). */
export interface WalletDirectoryStore {
  /** Replaces the whole directory, wallets and images, in one transaction: readers see old or new. */
  replaceDirectory(
    wallets: DirectoryWalletRecord[],
    images: DirectoryImageRecord[],
    importedAt: number,
  ): Promise<void>
  directoryWallets(): Promise<DirectoryWalletRecord[]>
  directoryImages(): Promise<DirectoryImageRecord[]>
}
