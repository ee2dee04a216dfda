/** Theme variables are set through the CSSOM (React's style prop), which style-src allows. */
export { injectStyle } from '@portico/shared-types/plugin'
