// The default build's entry (dist/demo, what `npm start` serves): no code that reads the query string.
import { renderDemo } from './bootstrap.tsx'

renderDemo({})
