import { definePlugin } from '@portico/shared-types/plugin'

/** A plugin contributing the email connect method as one "Email" field: the Connect view tests' email login. */
export const emailFormPlugin = definePlugin({
  id: 'emailForm',
  api: '^1.1.0',
  contributes: {
    connectMethods: [{ id: 'email', method: 'email', component: () => <input aria-label="Email" /> }],
  },
})
