/** The names plugin's English catalogue (ctx.i18n reads it; other languages fall back to it). */
export const en = {
  views: {
    RegisterAccountName: 'Choose a name',
    RegisterAccountNameSuccess: 'Name registration',
  },
  menu: 'Choose an account name',
  search: {
    label: 'Name',
    placeholder: 'alice',
    hint: 'Your name ends with {suffix}. Use at least 4 letters, digits or hyphens.',
    invalid: 'Use at least 4 characters: letters, digits or hyphens only',
    results: 'Names',
    searching: 'Searching names',
  },
  available: 'Available',
  taken: 'Taken',
  register: 'Register {name}',
  signing: 'Sign the message in your wallet to register {name}',
  registered: '{name} is yours',
  registeredDescription: 'Your account now shows this name.',
  done: 'Back to account',
  idle: 'No name registration is under way.',
  errorTitle: 'Error registering name {name}',
  notConnected: 'Connect a wallet to choose a name',
  evmOnly: 'Names are available for EVM accounts only',
  unavailable: 'Names are unavailable',
  unavailableDescription: 'This app has no blockchain API configured.',
} as const
