import { definePlugin } from '@portico/shared-types'
import { PreviewView } from './PreviewView.tsx'
import { SelectTokenView } from './SelectTokenView.tsx'
import { SendView } from './SendView.tsx'
import { strings } from './strings.ts'

/**
 * Send: native and ERC-20 tokens on eip155 networks, signed by the connected wallet
 * (eth_sendTransaction through ctx.account.provider()).
 */
export default definePlugin({
  id: 'send',
  api: '^1.0.0',
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
        isAvailable: (state) => state.networks.activeNamespace === 'eip155',
      },
    ],
  },
})
