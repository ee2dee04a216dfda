import { afterEach, describe, expect, it } from 'vitest'
import { tabStops, trapTab } from './tabTrap.ts'

afterEach(() => document.body.replaceChildren())

function element(html: string): HTMLElement {
  const container = document.createElement('div')
  container.innerHTML = html
  document.body.append(container)
  return container
}

const tab = (shiftKey = false) => {
  const event = new KeyboardEvent('keydown', { key: 'Tab', shiftKey, bubbles: true, cancelable: true })
  ;(document.activeElement ?? document.body).dispatchEvent(event)
  return event.defaultPrevented
}
const focused = () => document.activeElement?.textContent || document.activeElement?.id

describe('tabStops', () => {
  it('keeps controls Tab can reach, in container order, frames included', () => {
    const dialog = element(
      '<button>a</button><button disabled>off</button><div tabindex="-1">no</div><input type="hidden"><div inert><button>inert</button></div><a href="#">b</a>',
    )
    const part = element('<iframe id="frame"></iframe>')
    expect(tabStops([dialog, part]).map((stop) => stop.textContent || stop.id)).toEqual(['a', 'b', 'frame'])
  })
})

describe('trapTab', () => {
  it('wraps Tab at the ends, lets it move in between, brings focus back from outside, and stops on release', () => {
    const outside = element('<button>page</button>')
    const dialog = element('<button>first</button><button>middle</button>')
    const part = element('<button>last</button>')
    ;(dialog.querySelector('button') as HTMLElement).focus()
    const trap = trapTab(() => [dialog, part], dialog)

    expect(tab(true)).toBe(true)
    expect(focused()).toBe('last')
    expect(tab()).toBe(true)
    expect(focused()).toBe('first')
    // Between the ends the browser moves focus itself.
    expect(tab()).toBe(false)

    ;(dialog.querySelectorAll('button')[1] as HTMLElement).focus()
    ;(outside.querySelector('button') as HTMLElement).focus()
    expect(focused()).toBe('middle')

    // Leaving from the last stop (a frame tabbed out of at its end) wraps to the first.
    ;(part.querySelector('button') as HTMLElement).focus()
    ;(outside.querySelector('button') as HTMLElement).focus()
    expect(focused()).toBe('first')

    trap.release()
    ;(outside.querySelector('button') as HTMLElement).focus()
    expect(focused()).toBe('page')
    expect(tab()).toBe(false)
  })

  it('a dialog with no stop keeps focus on itself', () => {
    const dialog = element('<p>nothing to press</p>')
    dialog.tabIndex = -1
    dialog.id = 'dialog'
    dialog.focus()
    const trap = trapTab(() => [dialog], dialog)
    expect(tab()).toBe(true)
    expect(focused()).toBe('nothing to press')
    trap.release()
  })
})
