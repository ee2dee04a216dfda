export { type PorticoWagmiConfigParameters, porticoWagmiConfig, toViemChain } from './config.ts'
export { type PorticoConnectorParameters, porticoConnector } from './connector.ts'
