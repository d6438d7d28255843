import { describe, expect, it } from 'vitest'
import { fenceLanguage } from '../../src/presenters/fence-language.js'

describe('fenceLanguage', () => {
  it('names the language of a known extension, in any case', () => {
    expect(fenceLanguage('/repo/src/a.ts')).toBe('typescript')
    expect(fenceLanguage('C:\\repo\\main.RS')).toBe('rust')
    expect(fenceLanguage('config.yml')).toBe('yaml')
  })

  it('gives no hint for an unknown extension, no extension, or a hidden file', () => {
    expect(fenceLanguage('a.unknown')).toBe('')
    expect(fenceLanguage('/repo/Makefile')).toBe('')
    expect(fenceLanguage('/home/me/.bashrc')).toBe('')
    expect(fenceLanguage('/repo.ts/README')).toBe('')
  })

  it('does not read inherited object keys as extensions', () => {
    expect(fenceLanguage('a.constructor')).toBe('')
    expect(fenceLanguage('a.__proto__')).toBe('')
  })
})
