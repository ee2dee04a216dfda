/** App Router, server rendering on every request, StrictMode on. */
export default {
  reactStrictMode: true,
}
