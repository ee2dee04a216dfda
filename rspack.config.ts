import demo, { demoTest } from './hosts/demo/rspack.config.ts'
import vanilla from './hosts/vanilla/rspack.config.ts'
import email from './plugins/email/rspack.config.ts'
import history from './plugins/history/rspack.config.ts'
import names from './plugins/names/rspack.config.ts'
import onramp from './plugins/onramp/rspack.config.ts'
import receive from './plugins/receive/rspack.config.ts'
import send from './plugins/send/rspack.config.ts'
import siwx from './plugins/siwx/rspack.config.ts'
import smartSessions from './plugins/smart-sessions/rspack.config.ts'
import socials from './plugins/socials/rspack.config.ts'
import swaps from './plugins/swaps/rspack.config.ts'
import devWallet from './services/devnet/rspack.config.ts'

/** Every build of the repository, one compiler each (DESIGN §1). */
export default [
  demo,
  demoTest,
  vanilla,
  receive,
  send,
  history,
  names,
  siwx,
  smartSessions,
  swaps,
  onramp,
  email,
  socials,
  devWallet,
]
