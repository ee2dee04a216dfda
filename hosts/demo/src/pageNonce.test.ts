// @vitest-environment jsdom
import { afterEach, expect, it } from 'vitest'
import { pageNonce } from './pageNonce.ts'

afterEach(() => {
  document.head.replaceChildren()
})

it('reads the nonce of the page’s scripts, and none when the page was served without one', () => {
  expect(pageNonce()).toBeUndefined()
  const script = document.createElement('script')
  script.nonce = 'abc'
  script.setAttribute('nonce', 'abc')
  document.head.append(script)
  expect(pageNonce()).toBe('abc')
})
