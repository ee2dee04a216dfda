import { describe, expect, it } from 'vitest'
import {
  allOrigins,
  devStackProjects,
  originListDevDefault,
  parseOriginList,
  projectsDevDefaults,
  projectsFromEnv,
  withExtraOrigins,
} from './origins.ts'

describe("a project's allowed app origins", () => {
  it('PORTICO_PROJECTS: projects by ";", origins by ","', () => {
    expect(
      projectsFromEnv({
        PORTICO_PROJECTS:
          ' acme=https://app.acme.example, https://www.acme.example ; beta=http://localhost:5173',
      }),
    ).toEqual({
      acme: ['https://app.acme.example', 'https://www.acme.example'],
      beta: ['http://localhost:5173'],
    })
    expect(projectsFromEnv({})).toBeUndefined()
  })

  it('refuses anything but bare http(s) origins, a wildcard included', () => {
    for (const bad of ['*', 'https://a.example/', 'https://a.example/path', 'ftp://a.example', 'a.example'])
      expect(() => projectsFromEnv({ PORTICO_PROJECTS: `acme=${bad}` })).toThrow(/^PORTICO_PROJECTS: /)
    expect(() => projectsFromEnv({ PORTICO_PROJECTS: 'https://a.example' })).toThrow('<projectId>=')
    expect(() => projectsFromEnv({ PORTICO_PROJECTS: 'acme=' })).toThrow('lists no origin')
    expect(() => parseOriginList('http://localhost:5173,*', 'PORTICO_APP_ORIGINS')).toThrow(
      'PORTICO_APP_ORIGINS: "*" is not a bare http(s) origin',
    )
  })

  it('extra origins join every project; allOrigins lists each once', () => {
    const projects = withExtraOrigins({ a: ['https://a.example'], b: ['https://a.example'] }, [
      'http://localhost:5173',
    ])
    expect(projects).toEqual({
      a: ['https://a.example', 'http://localhost:5173'],
      b: ['https://a.example', 'http://localhost:5173'],
    })
    expect(allOrigins(projects)).toEqual(['https://a.example', 'http://localhost:5173'])
  })

  it('production refuses a wildcard, localhost only, no origin and the dev project', () => {
    const fix = 'fix'
    expect(originListDevDefault('CORS', '*', fix)?.name).toBe('a wildcard origin list (CORS: "*")')
    expect(originListDevDefault('CORS', ['https://a.example', '*'], fix)?.name).toContain('wildcard')
    expect(originListDevDefault('CORS', 'localhost', fix)?.name).toContain('localhost-only')
    expect(
      originListDevDefault('CORS', ['http://localhost:1', 'http://127.0.0.1:2', 'http://[::1]:3'], fix)?.name,
    ).toBe('a localhost-only origin list (CORS: http://localhost:1, http://127.0.0.1:2, http://[::1]:3)')
    expect(originListDevDefault('CORS', [], fix)?.name).toBe('an empty origin list (CORS)')
    expect(originListDevDefault('CORS', ['http://localhost:1', 'https://a.example'], fix)).toBeUndefined()
    expect(projectsDevDefaults({ 'portico-dev': ['https://a.example'] }, 'x').map((p) => p.name)).toEqual([
      'the dev project id "portico-dev" (x)',
    ])
    expect(projectsDevDefaults({}, 'x').map((p) => p.name)).toEqual(['no project (x)'])
  })
})

describe('the dev stack (npm start)', () => {
  it("allows the demo page, and a team's own apps from PORTICO_APP_ORIGINS", () => {
    expect(devStackProjects('http://localhost:4173', {})).toEqual({
      'portico-dev': ['http://localhost:4173'],
    })
    expect(
      devStackProjects('http://localhost:4173', {
        PORTICO_APP_ORIGINS: 'http://localhost:5173, http://127.0.0.1:3000,http://localhost:4173',
      }),
    ).toEqual({ 'portico-dev': ['http://localhost:4173', 'http://localhost:5173', 'http://127.0.0.1:3000'] })
    expect(() =>
      devStackProjects('http://localhost:4173', { PORTICO_APP_ORIGINS: 'localhost:5173' }),
    ).toThrow(/^PORTICO_APP_ORIGINS: "localhost:5173" is not a bare http\(s\) origin/)
  })
})
