import { definePlugin } from '@portico/shared-types/plugin'
import { ActivityTab } from './ActivityTab.tsx'
import { strings } from './strings.ts'

/** History: the Account view's Activity tab, read from the blockchain API (GET /v1/account/{a}/history). */
export default definePlugin({
  id: 'history',
  api: '^1.0.0',
  contributes: {
    accountTabs: [{ id: 'activity', label: strings.tab, component: ActivityTab }],
  },
})
