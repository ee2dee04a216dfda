import { definePlugin } from '@portico/shared-types/plugin'
import { en } from './messages.ts'
import { RegisterView } from './RegisterView.tsx'
import { SEARCH_VIEW, SUCCESS_VIEW } from './registration.ts'
import { SuccessView } from './SuccessView.tsx'

/** Names: search, suggest and register an account name (behaviour §2 RegisterAccountName, §4, §7 /v1/profile). */
export default definePlugin({
  id: 'names',
  api: '^1.1.0',
  views: {
    [SEARCH_VIEW]: { component: RegisterView, title: en.views.RegisterAccountName },
    [SUCCESS_VIEW]: { component: SuccessView, title: en.views.RegisterAccountNameSuccess },
  },
  contributes: {
    accountMenu: [{ id: 'register-name', label: en.menu, icon: 'user', view: SEARCH_VIEW }],
  },
  messages: { en },
})
