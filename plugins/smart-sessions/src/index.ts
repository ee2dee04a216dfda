import { definePlugin } from '@portico/shared-types/plugin'
import { SESSIONS_VIEW, SessionsView } from './SessionsView.tsx'
import { strings } from './strings.ts'

/** Smart sessions (behaviour §9 feature smartSessions, off by default): list and revoke in the Account menu. */
export default definePlugin({
  id: 'smartSessions',
  api: '^1.0.0',
  views: { [SESSIONS_VIEW]: { component: SessionsView, title: strings.title } },
  contributes: {
    accountMenu: [{ id: 'smart-sessions', label: strings.menu, icon: 'clock', view: SESSIONS_VIEW }],
  },
})
