import { definePlugin } from '@portico/shared-types/plugin'
import { ReceiveView } from './ReceiveView.tsx'
import { strings } from './strings.ts'

/** Receive: the connected address as text and QR code, with the networks it can receive on. */
export default definePlugin({
  id: 'receive',
  api: '^1.0.0',
  views: { Receive: { component: ReceiveView, title: strings.title } },
  contributes: {
    walletFeatures: [{ id: 'receive', label: strings.receive, icon: 'receive', view: 'Receive' }],
  },
})
