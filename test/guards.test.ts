import { describe, expect, it } from 'vitest'
import {
  InvalidViewError,
  isToolCallView,
  isToolResultView,
  parseToolCallView,
  parseToolResultView,
} from '../src/index.js'

// Runs `parse` and returns the InvalidViewError it throws, or fails the test.
function rejection(parse: (value: unknown) => unknown, value: unknown): { path: string; message: string } {
  try {
    parse(value)
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidViewError)
    const { path, message } = error as InvalidViewError
    return { path, message }
  }
  throw new Error('expected the view to be rejected')
}

const call = (value: unknown) => rejection(parseToolCallView, value)
const result = (value: unknown) => rejection(parseToolResultView, value)

describe('valid views pass through unchanged', () => {
  const calls = [
    { card: 'generic', title: 'ls' },
    {
      card: 'generic',
      title: 'Read a.ts',
      kind: 'read',
      rawInput: { anything: [1, null] },
      content: [
        { type: 'text', text: 'hi' },
        { type: 'image', data: 'AAAA', mimeType: 'image/png', uri: 'file:///a.png' },
        { type: 'resource_link', uri: 'file:///a', name: 'a', mimeType: 'text/plain', title: 'A', description: 'd', size: 3 },
      ],
      locations: [{ path: '/a.ts' }, { path: '/a.ts', line: 1 }],
    },
    { card: 'terminal', title: 'npm test', description: 'run tests', cwd: 'pkg' },
    { card: 'diff', title: 'Write a.ts', diffs: [{ path: '/a.ts', oldText: null, newText: 'x' }], locations: [] },
  ]
  const results = [
    { card: 'generic' },
    { card: 'generic', title: 'done', content: [] },
    { card: 'terminal', output: '', exitCode: -1, signal: 'SIGKILL' },
    { card: 'diff', diffs: [{ path: 'a', oldText: 'a', newText: 'b' }], locations: [{ path: 'a', line: 3 }] },
  ]

  it.each(calls)('a $card call view is returned as it came', (view) => {
    expect(parseToolCallView(view)).toBe(view)
    expect(isToolCallView(view)).toBe(true)
  })

  it.each(results)('a $card result view is returned as it came', (view) => {
    expect(parseToolResultView(view)).toBe(view)
    expect(isToolResultView(view)).toBe(true)
  })

  it('an optional field set to undefined counts as absent', () => {
    expect(isToolCallView({ card: 'generic', title: 't', kind: undefined, output: undefined })).toBe(true)
  })
})

describe('the card', () => {
  it('an unknown card names the three cards and what was found', () => {
    expect(call({ card: 'table', title: 't' })).toEqual({
      path: 'card',
      message: 'card: expected "generic" | "terminal" | "diff", found "table"',
    })
  })

  it('a view without a card is rejected at card', () => {
    expect(result({ title: 't' })).toEqual({
      path: 'card',
      message: 'card: expected "generic" | "terminal" | "diff", found undefined',
    })
  })

  it('a value that is not an object is rejected at the root', () => {
    expect(call(null)).toEqual({ path: '', message: 'view: expected a call view, found null' })
    expect(result([])).toEqual({ path: '', message: 'view: expected a result view, found an array' })
    expect(call('generic')).toEqual({ path: '', message: 'view: expected a call view, found "generic"' })
  })
})

describe('missing and wrongly typed fields', () => {
  it('a call view without a title is rejected', () => {
    expect(call({ card: 'terminal' })).toEqual({ path: 'title', message: 'title: expected a string, found undefined' })
  })

  it('a diff call without diffs is rejected', () => {
    expect(call({ card: 'diff', title: 't' })).toEqual({ path: 'diffs', message: 'diffs: expected an array, found undefined' })
  })

  it('a diff result without diffs is rejected', () => {
    expect(result({ card: 'diff' })).toEqual({ path: 'diffs', message: 'diffs: expected an array, found undefined' })
  })

  it('a wrongly typed field names its path inside arrays', () => {
    const view = {
      card: 'diff',
      title: 't',
      diffs: [
        { path: '/a', oldText: null, newText: '' },
        { path: '/b', oldText: 'x', newText: 42 },
      ],
    }
    expect(call(view)).toEqual({ path: 'diffs[1].newText', message: 'diffs[1].newText: expected a string, found 42' })
  })

  it('oldText may be null but not missing', () => {
    expect(call({ card: 'diff', title: 't', diffs: [{ path: '/a', newText: '' }] })).toEqual({
      path: 'diffs[0].oldText',
      message: 'diffs[0].oldText: expected a string or null, found undefined',
    })
  })

  it('an unknown kind lists the tool kinds', () => {
    expect(call({ card: 'generic', title: 't', kind: 'write' })).toEqual({
      path: 'kind',
      message:
        'kind: expected "read" | "edit" | "delete" | "move" | "search" | "execute" | "think" | "fetch" | "switch_mode" | "other", found "write"',
    })
  })

  it('an exit code must be a finite number', () => {
    expect(result({ card: 'terminal', exitCode: '1' })).toEqual({
      path: 'exitCode',
      message: 'exitCode: expected a finite number, found "1"',
    })
    expect(result({ card: 'terminal', exitCode: Number.NaN })).toEqual({
      path: 'exitCode',
      message: 'exitCode: expected a finite number, found NaN',
    })
  })

  it('content must be an array of blocks', () => {
    expect(result({ card: 'generic', content: { type: 'text', text: 'x' } })).toEqual({
      path: 'content',
      message: 'content: expected an array, found an object',
    })
  })

  it('a null title is rejected rather than read as absent', () => {
    expect(result({ card: 'generic', title: null })).toEqual({ path: 'title', message: 'title: expected a string, found null' })
  })
})

describe('content blocks', () => {
  it('an unknown block type names the block types', () => {
    expect(result({ card: 'generic', content: [{ type: 'text', text: 'a' }, { type: 'audio', data: '' }] })).toEqual({
      path: 'content[1].type',
      message: 'content[1].type: expected "text" | "image" | "resource_link", found "audio"',
    })
  })

  it('an image without a mime type is rejected', () => {
    expect(call({ card: 'generic', title: 't', content: [{ type: 'image', data: 'AA' }] })).toEqual({
      path: 'content[0].mimeType',
      message: 'content[0].mimeType: expected a string, found undefined',
    })
  })

  it('a field of another block type says which block it belongs to', () => {
    expect(call({ card: 'generic', title: 't', content: [{ type: 'text', text: 'a', mimeType: 'text/plain' }] })).toEqual({
      path: 'content[0].mimeType',
      message: 'content[0].mimeType: not a field of a text content block (it belongs to an image content block)',
    })
  })

  it('a block that is not an object is rejected', () => {
    expect(call({ card: 'generic', title: 't', content: ['hello'] })).toEqual({
      path: 'content[0]',
      message: 'content[0]: expected a content block, found "hello"',
    })
  })
})

describe('fields that belong to another card', () => {
  it('output on a generic result says it belongs to a terminal result', () => {
    expect(result({ card: 'generic', output: 'hi' })).toEqual({
      path: 'output',
      message: 'output: not a field of a generic result view (it belongs to a terminal result view)',
    })
  })

  it('diffs on a terminal call says it belongs to a diff call', () => {
    expect(call({ card: 'terminal', title: 'ls', diffs: [] })).toEqual({
      path: 'diffs',
      message: 'diffs: not a field of a terminal call view (it belongs to a diff call view)',
    })
  })

  it('kind on a terminal call says it belongs to a generic call', () => {
    expect(call({ card: 'terminal', title: 'ls', kind: 'execute' })).toEqual({
      path: 'kind',
      message: 'kind: not a field of a terminal call view (it belongs to a generic call view)',
    })
  })

  it('a field no card has is rejected as not a field', () => {
    expect(call({ card: 'generic', title: 't', titel: 'typo' })).toEqual({
      path: 'titel',
      message: 'titel: not a field of a generic call view',
    })
  })

  it('an unknown field inside a diff names its path', () => {
    expect(result({ card: 'diff', diffs: [{ path: 'a', oldText: null, newText: '', line: 1 }] })).toEqual({
      path: 'diffs[0].line',
      message: 'diffs[0].line: not a field of a diff',
    })
  })
})

describe('location lines', () => {
  it.each([
    [0, 'found 0'],
    [-3, 'found -3'],
    [1.5, 'found 1.5'],
    ['2', 'found "2"'],
  ])('a line of %j is rejected', (line, found) => {
    expect(call({ card: 'generic', title: 't', locations: [{ path: '/a' }, { path: '/a', line }] })).toEqual({
      path: 'locations[1].line',
      message: `locations[1].line: expected an integer of at least 1, ${found}`,
    })
  })

  it('a location that is not an object is rejected', () => {
    expect(result({ card: 'diff', diffs: [], locations: ['/a'] })).toEqual({
      path: 'locations[0]',
      message: 'locations[0]: expected a location, found "/a"',
    })
  })
})

describe('the boolean guards', () => {
  it('return false instead of throwing', () => {
    expect(isToolCallView({ card: 'generic' })).toBe(false)
    expect(isToolResultView({ card: 'terminal', output: 1 })).toBe(false)
    expect(isToolCallView(undefined)).toBe(false)
  })

  it('a result view is not a call view where their fields differ', () => {
    expect(isToolCallView({ card: 'terminal', title: 'ls', output: 'x' })).toBe(false)
    expect(isToolResultView({ card: 'terminal', description: 'x' })).toBe(false)
  })
})

describe('InvalidViewError', () => {
  it('is a TypeError with its own name', () => {
    const error = new InvalidViewError('a.b', 'expected x')
    expect(error).toBeInstanceOf(TypeError)
    expect(error.name).toBe('InvalidViewError')
    expect(error.message).toBe('a.b: expected x')
  })
})
