import { describe, expect, it } from 'vitest'
import { InvalidViewError, isToolCallView, isToolResultView, parseToolCallView, parseToolResultView } from 'tool-render-intent'

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
    {
      card: 'plan',
      title: 'Update todo list',
      entries: [
        { content: 'Write tests', status: 'completed', priority: 'high' },
        { content: 'Fix the bug', status: 'in_progress', priority: 'medium' },
        { content: 'Release', status: 'pending', priority: 'low' },
        { content: 'Celebrate', status: 'pending' },
      ],
    },
    { card: 'plan', entries: [] },
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
  it('an unknown card names the four call cards and what was found', () => {
    expect(call({ card: 'table', title: 't' })).toEqual({
      path: 'card',
      message: 'card: expected "generic" | "terminal" | "diff" | "plan", found "table"',
    })
  })

  it('a plan is a call card, not a result card', () => {
    expect(result({ card: 'plan', entries: [] })).toEqual({
      path: 'card',
      message: 'card: expected "generic" | "terminal" | "diff", found "plan"',
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
  // A generic result showing `block`, and the rejection of that result.
  const blockResult = (block: unknown) => result({ card: 'generic', content: [block] })

  it('every block of the ACP vocabulary passes, with annotations, _meta and null where the types allow it', () => {
    const annotations = { audience: ['user', 'assistant'], lastModified: '2026-07-01T12:00:00Z', priority: 0.5, _meta: { a: 1 } }
    const content = [
      { type: 'text', text: 'hi', annotations, _meta: { 'tool/x': [1] } },
      { type: 'text', text: 'hi', annotations: null, _meta: null },
      {
        type: 'image',
        data: 'AAAA',
        mimeType: 'image/png',
        uri: null,
        annotations: { audience: null, lastModified: null, priority: null, _meta: null },
      },
      { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav', annotations: {}, _meta: {} },
      {
        type: 'resource_link',
        uri: 'file:///a',
        name: 'a',
        mimeType: null,
        title: null,
        description: null,
        size: null,
        annotations,
        _meta: {},
      },
      {
        type: 'resource',
        resource: { uri: 'file:///a.ts', text: 'let a = 1', mimeType: 'text/x-typescript', _meta: { b: 2 } },
        annotations,
      },
      { type: 'resource', resource: { uri: 'file:///a.pdf', blob: 'JVBERi0=', mimeType: null, _meta: null }, _meta: { c: 3 } },
    ]
    const view = { card: 'generic', content }
    expect(parseToolResultView(view)).toBe(view)
    expect(isToolCallView({ card: 'generic', title: 't', content })).toBe(true)
  })

  it('an unknown block type names the five block types', () => {
    expect(
      result({
        card: 'generic',
        content: [
          { type: 'text', text: 'a' },
          { type: 'video', data: '' },
        ],
      }),
    ).toEqual({
      path: 'content[1].type',
      message: 'content[1].type: expected "text" | "image" | "audio" | "resource_link" | "resource", found "video"',
    })
  })

  it('an image without a mime type is rejected', () => {
    expect(call({ card: 'generic', title: 't', content: [{ type: 'image', data: 'AA' }] })).toEqual({
      path: 'content[0].mimeType',
      message: 'content[0].mimeType: expected a string, found undefined',
    })
  })

  it('audio needs its data and its mime type, and null is not either', () => {
    expect(blockResult({ type: 'audio', mimeType: 'audio/wav' })).toEqual({
      path: 'content[0].data',
      message: 'content[0].data: expected a string, found undefined',
    })
    expect(blockResult({ type: 'audio', data: 'AA', mimeType: null })).toEqual({
      path: 'content[0].mimeType',
      message: 'content[0].mimeType: expected a string, found null',
    })
  })

  it('a field of another block type says which block it belongs to', () => {
    expect(call({ card: 'generic', title: 't', content: [{ type: 'text', text: 'a', mimeType: 'text/plain' }] })).toEqual({
      path: 'content[0].mimeType',
      message: 'content[0].mimeType: not a field of a text content block (it belongs to an image content block)',
    })
    expect(blockResult({ type: 'audio', data: 'AA', mimeType: 'audio/wav', uri: 'file:///a.wav' })).toEqual({
      path: 'content[0].uri',
      message: 'content[0].uri: not a field of an audio content block (it belongs to an image content block)',
    })
    expect(blockResult({ type: 'resource', resource: { uri: 'u', text: 't' }, name: 'n' })).toEqual({
      path: 'content[0].name',
      message: 'content[0].name: not a field of a resource content block (it belongs to a resource_link content block)',
    })
  })

  it('an optional field that may be null says so when it is neither absent, null nor of its type', () => {
    expect(blockResult({ type: 'image', data: 'AA', mimeType: 'image/png', uri: 5 })).toEqual({
      path: 'content[0].uri',
      message: 'content[0].uri: expected a string or null, found 5',
    })
    expect(blockResult({ type: 'resource_link', uri: 'u', name: 'n', size: '3' })).toEqual({
      path: 'content[0].size',
      message: 'content[0].size: expected a finite number or null, found "3"',
    })
    expect(blockResult({ type: 'text', text: 'a', _meta: [] })).toEqual({
      path: 'content[0]._meta',
      message: 'content[0]._meta: expected an object or null, found an array',
    })
  })

  it('annotations are checked field by field', () => {
    expect(blockResult({ type: 'text', text: 'a', annotations: 'high' })).toEqual({
      path: 'content[0].annotations',
      message: 'content[0].annotations: expected annotations or null, found "high"',
    })
    expect(blockResult({ type: 'text', text: 'a', annotations: { audience: ['user', 'robot'] } })).toEqual({
      path: 'content[0].annotations.audience[1]',
      message: 'content[0].annotations.audience[1]: expected "user" | "assistant", found "robot"',
    })
    expect(blockResult({ type: 'text', text: 'a', annotations: { priority: 'high' } })).toEqual({
      path: 'content[0].annotations.priority',
      message: 'content[0].annotations.priority: expected a finite number or null, found "high"',
    })
    expect(blockResult({ type: 'text', text: 'a', annotations: { importance: 1 } })).toEqual({
      path: 'content[0].annotations.importance',
      message: 'content[0].annotations.importance: not a field of annotations',
    })
  })

  it('an embedded resource holds text or blob contents with a uri', () => {
    expect(blockResult({ type: 'resource' })).toEqual({
      path: 'content[0].resource',
      message: 'content[0].resource: expected resource contents, found undefined',
    })
    expect(blockResult({ type: 'resource', resource: { uri: 'file:///a' } })).toEqual({
      path: 'content[0].resource',
      message: 'content[0].resource: expected a "text" or a "blob" field, found neither',
    })
    expect(blockResult({ type: 'resource', resource: { text: 'x' } })).toEqual({
      path: 'content[0].resource.uri',
      message: 'content[0].resource.uri: expected a string, found undefined',
    })
    expect(blockResult({ type: 'resource', resource: { uri: 'u', blob: 42 } })).toEqual({
      path: 'content[0].resource.blob',
      message: 'content[0].resource.blob: expected a string, found 42',
    })
  })

  it('text and blob contents cannot be mixed, and say which contents a stray field belongs to', () => {
    expect(blockResult({ type: 'resource', resource: { uri: 'u', text: 't', blob: 'AA' } })).toEqual({
      path: 'content[0].resource.blob',
      message: 'content[0].resource.blob: not a field of text resource contents (it belongs to blob resource contents)',
    })
    expect(blockResult({ type: 'resource', resource: { uri: 'u', blob: 'AA', name: 'n' } })).toEqual({
      path: 'content[0].resource.name',
      message: 'content[0].resource.name: not a field of blob resource contents',
    })
  })

  it('a block that is not an object is rejected', () => {
    expect(call({ card: 'generic', title: 't', content: ['hello'] })).toEqual({
      path: 'content[0]',
      message: 'content[0]: expected a content block, found "hello"',
    })
  })
})

describe('the plan card', () => {
  it('needs its entries, as an array', () => {
    expect(call({ card: 'plan', title: 'Plan' })).toEqual({ path: 'entries', message: 'entries: expected an array, found undefined' })
    expect(call({ card: 'plan', entries: {} })).toEqual({ path: 'entries', message: 'entries: expected an array, found an object' })
  })

  it('has an optional title that is a string when present', () => {
    expect(call({ card: 'plan', title: 3, entries: [] })).toEqual({ path: 'title', message: 'title: expected a string, found 3' })
    expect(call({ card: 'plan', title: null, entries: [] })).toEqual({ path: 'title', message: 'title: expected a string, found null' })
  })

  it('checks each entry: an object with a string content', () => {
    expect(call({ card: 'plan', entries: ['Write tests'] })).toEqual({
      path: 'entries[0]',
      message: 'entries[0]: expected a plan entry, found "Write tests"',
    })
    expect(
      call({
        card: 'plan',
        entries: [
          { content: 'a', status: 'pending' },
          { content: [], status: 'pending' },
        ],
      }),
    ).toEqual({
      path: 'entries[1].content',
      message: 'entries[1].content: expected a string, found an array',
    })
  })

  it('lists the statuses an entry may have', () => {
    expect(call({ card: 'plan', entries: [{ content: 'a', status: 'done' }] })).toEqual({
      path: 'entries[0].status',
      message: 'entries[0].status: expected "pending" | "in_progress" | "completed", found "done"',
    })
    expect(call({ card: 'plan', entries: [{ content: 'a' }] })).toEqual({
      path: 'entries[0].status',
      message: 'entries[0].status: expected "pending" | "in_progress" | "completed", found undefined',
    })
  })

  it('lists the priorities an entry may have, and takes no null for one', () => {
    expect(call({ card: 'plan', entries: [{ content: 'a', status: 'pending', priority: 'urgent' }] })).toEqual({
      path: 'entries[0].priority',
      message: 'entries[0].priority: expected "high" | "medium" | "low", found "urgent"',
    })
    expect(call({ card: 'plan', entries: [{ content: 'a', status: 'pending', priority: null }] })).toEqual({
      path: 'entries[0].priority',
      message: 'entries[0].priority: expected "high" | "medium" | "low", found null',
    })
  })

  it('names a stray field of an entry', () => {
    expect(call({ card: 'plan', entries: [{ content: 'a', status: 'pending', activeForm: 'A-ing' }] })).toEqual({
      path: 'entries[0].activeForm',
      message: 'entries[0].activeForm: not a field of a plan entry',
    })
  })

  it('says which card a stray field belongs to, both ways', () => {
    expect(call({ card: 'plan', entries: [], kind: 'think' })).toEqual({
      path: 'kind',
      message: 'kind: not a field of a plan call view (it belongs to a generic call view)',
    })
    expect(call({ card: 'generic', title: 't', entries: [] })).toEqual({
      path: 'entries',
      message: 'entries: not a field of a generic call view (it belongs to a plan call view)',
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

  it('kind on a terminal call is read or search only: a command that only reads', () => {
    expect(call({ card: 'terminal', title: 'ls', kind: 'execute' })).toEqual({
      path: 'kind',
      message: 'kind: expected "read" | "search", found "execute"',
    })
    expect(isToolCallView({ card: 'terminal', title: 'ls', kind: 'search', locations: [{ path: '/repo' }] })).toBe(true)
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
