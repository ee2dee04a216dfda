// The auth frame's postMessage protocol, shared by services/auth-frame and the embedded-wallet plugins.
export * from './frame.ts'
