import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AlertBar } from './AlertBar.tsx'
import { checkProjectId, currentAlert, raiseAlert, resetAlertsForTests } from './alerts.ts'

const logger = () => ({ warn: vi.fn() })

afterEach(() => {
  cleanup()
  resetAlertsForTests()
})

describe('alerts (behaviour §8: shown once each)', () => {
  it('raises each alert once per page, shows it and logs it', () => {
    const log = logger()
    expect(raiseAlert('switchNetworkNotFound', { show: true, log })).toBe(true)
    expect(currentAlert()?.title).toBe('Network Not Found')
    expect(raiseAlert('switchNetworkNotFound', { show: true, log })).toBe(false)
    expect(log.warn).toHaveBeenCalledTimes(1)
    expect(raiseAlert('universalProvider', { show: true, log })).toBe(true)
    expect(currentAlert()?.id).toBe('universalProvider')
    expect(log.warn).toHaveBeenCalledTimes(2)
  })

  it('with debug off an alert is only logged, and still only once', () => {
    const log = logger()
    expect(raiseAlert('socialsTimeout', { show: false, log })).toBe(true)
    expect(currentAlert()).toBeUndefined()
    expect(raiseAlert('socialsTimeout', { show: true, log })).toBe(false)
    expect(currentAlert()).toBeUndefined()
    expect(log.warn).toHaveBeenCalledTimes(1)
  })

  it('a missing, blank or non-string project id raises project-id-not-configured (behaviour §5)', () => {
    const log = logger()
    expect(checkProjectId('p1', { show: true, log })).toBe(false)
    expect(currentAlert()).toBeUndefined()
    for (const bad of ['', '   ', undefined, 42]) {
      resetAlertsForTests()
      expect(checkProjectId(bad, { show: true, log })).toBe(true)
      expect(currentAlert()?.title).toBe('Project ID Not Configured')
    }
  })

  it('the alert bar shows the current alert and dismisses it', () => {
    render(<AlertBar />)
    expect(screen.queryByRole('alert')).toBeNull()
    act(() => void raiseAlert('projectIdNotConfigured', { show: true, log: logger() }))
    expect(screen.getByRole('alert').textContent).toContain('Project ID Not Configured')
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss alert' }))
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
