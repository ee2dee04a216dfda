import { describe, expect, it } from 'vitest'
import { httpsPortsFromEnv } from './ports.ts'
import { httpUpstream, tlsOrigins } from './stackTls.ts'

const base = { demo: 5443, plugins: 5444, api: 5445, relay: 5446, authFrame: 5447 }

describe('the https origins of the stack', () => {
  it('take each port from its PORTICO_*_HTTPS_PORT, else the default', () => {
    const ports = httpsPortsFromEnv(
      { PORTICO_DEMO_HTTPS_PORT: '9443', PORTICO_RELAY_HTTPS_PORT: '9446' },
      base,
    )
    expect(ports).toEqual({ ...base, demo: 9443, relay: 9446 })
  })

  it('put the demo on localhost, the services on 127.0.0.1, the relay on wss', () => {
    expect(tlsOrigins(base)).toEqual({
      demo: 'https://localhost:5443',
      plugins: 'https://127.0.0.1:5444',
      api: 'https://127.0.0.1:5445',
      relay: 'wss://127.0.0.1:5446',
      authFrame: 'https://127.0.0.1:5447',
    })
  })

  it("proxy the relay's ws:// URL as http://", () => {
    expect(httpUpstream('ws://127.0.0.1:5190')).toBe('http://127.0.0.1:5190')
    expect(httpUpstream('http://127.0.0.1:5180')).toBe('http://127.0.0.1:5180')
  })
})
