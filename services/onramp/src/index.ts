export { CARD_MESSAGES, checkCard, TEST_CARDS } from './card.ts'
export { type OnrampOptions, type OnrampServer, startOnramp } from './server.ts'
export { DEFAULT_TREASURY_KEY, fundTreasury, type TreasuryChain } from './treasury.ts'
