import { cookieToInitialState } from '@portico/kernel/ssr'
import { cookies } from 'next/headers'
import { Providers } from './providers.jsx'

export const dynamic = 'force-dynamic'

/** The stack's addresses, read on the server at request time and handed to the client as plain data. */
function stackConfig() {
  return {
    chainId: Number(process.env.PORTICO_CHAIN_ID ?? 31337),
    rpcUrl: process.env.PORTICO_RPC_URL ?? 'http://127.0.0.1:8545',
    apiUrl: process.env.PORTICO_API_URL ?? 'http://127.0.0.1:4180',
    authFrameUrl: process.env.PORTICO_AUTH_FRAME_URL ?? 'http://127.0.0.1:4200/frame',
  }
}

export default async function RootLayout({ children }) {
  // The connection cookieStorage wrote on the last visit: the server renders the connected account.
  const initialState = cookieToInitialState((await cookies()).toString())
  return (
    <html lang="en">
      <body>
        <Providers config={stackConfig()} initialState={initialState}>
          {children}
        </Providers>
      </body>
    </html>
  )
}
