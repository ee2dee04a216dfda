/** The embedded wallet shared by the email and socials plugins: frame client, AUTH connector, views. */

export { accountTypeView } from './AccountTypeView.tsx'
export { ApproveTransactionView } from './ApproveTransactionView.tsx'
export { AUTH_CONNECTOR_ID, authConnector, finishConnect, setupEmbeddedWallet } from './connector.ts'
export { embeddedWalletContribution } from './contribution.ts'
export { sessionOf, warmUpFrame, warmUpFrameWhenIdle } from './session.ts'
export { rememberEmailLogin, storedEmail } from './storedKeys.ts'
export { strings as embeddedStrings } from './strings.ts'
