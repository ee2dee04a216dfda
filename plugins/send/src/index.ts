import { definePlugin } from '@portico/shared-types/plugin'
import { PreviewView } from './PreviewView.tsx'
import { SelectTokenView } from './SelectTokenView.tsx'
import { SendView } from './SendView.tsx'
import { SEND_NAMESPACES } from './send.ts'
import { strings } from './strings.ts'

/**
 * Send: native and ERC-20 tokens on eip155 networks (eth_sendTransaction) and SOL on solana networks
 * (solana_signAndSendTransaction), signed by the connected wallet through ctx.account.provider().
 */
export default definePlugin({
  id: 'send',
  // 1.1: ctx.chains.evm() / solana() (the kernel's viem and @solana/kit helpers).
  api: '^1.1.0',
  views: {
    Send: { component: SendView, title: strings.title },
    SendSelectToken: { component: SelectTokenView, title: strings.selectTokenTitle },
    SendPreview: { component: PreviewView, title: strings.previewTitle },
  },
  contributes: {
    walletFeatures: [
      {
        id: 'send',
        label: strings.send,
        icon: 'send',
        view: 'Send',
        isAvailable: (state) => SEND_NAMESPACES.includes(state.networks.activeNamespace ?? ''),
      },
    ],
  },
})
