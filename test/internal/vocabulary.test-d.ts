// The descriptions in src/internal/vocabulary.ts are held to the interfaces
// in src/views.ts by their types. Each test here writes a description wrong
// in one way and expects the compiler to refuse it; a test passes only while
// the compiler does (an unused @ts-expect-error is itself an error).
import { describe, expectTypeOf, it } from 'vitest'
import {
  finiteNumber,
  lineNumber,
  list,
  object,
  oneOf,
  optional,
  optionalOrNull,
  orNull,
  required,
  type Schema,
  string,
  tagged,
} from '../../src/internal/description.js'
import { contentBlock, toolCallView, toolResultView } from '../../src/internal/vocabulary.js'
import type { ContentBlock, FileDiff, FileLocation, PlanEntry, ToolCallView, ToolResultView } from 'tool-render-intent'

const operation = optional(oneOf(['delete', 'move', 'copy']))
const diff = object<FileDiff>('a diff', {
  path: required(string),
  oldText: orNull(string),
  newText: required(string),
  operation,
  oldPath: optional(string),
})
const location = object<FileLocation>('a location', { path: required(string), line: optional(lineNumber) })
const diffResult = { title: optional(string), diffs: required(list(diff)), locations: optional(list(location)) }

describe('a description must name every field of its interface, and only those', () => {
  it('compiles when it does', () => {
    expectTypeOf(location).toEqualTypeOf<Schema<FileLocation>>()
    expectTypeOf(diff).toEqualTypeOf<Schema<FileDiff>>()
  })

  it('does not compile when a field of the interface is left out', () => {
    // @ts-expect-error line is not described
    object<FileLocation>('a location', { path: required(string) })
  })

  it('does not compile when it describes a field the interface lacks', () => {
    object<FileLocation>('a location', {
      path: required(string),
      line: optional(lineNumber),
      // @ts-expect-error column is not a field of FileLocation
      column: optional(lineNumber),
    })
  })

  it('does not compile when a card is left out of a union, or one is made up', () => {
    // @ts-expect-error the diff result is not described
    tagged<ToolResultView, 'card'>('card', 'result view', {
      generic: { title: optional(string), content: optional(list(contentBlock)) },
      terminal: { title: optional(string), output: optional(string), exitCode: optional(finiteNumber), signal: optional(string) },
    })
    tagged<ToolResultView, 'card'>('card', 'result view', {
      generic: { title: optional(string), content: optional(list(contentBlock)) },
      terminal: { title: optional(string), output: optional(string), exitCode: optional(finiteNumber), signal: optional(string) },
      diff: diffResult,
      // @ts-expect-error there is no plan result
      plan: { title: optional(string) },
    })
  })

  it('does not compile when a card is given another card’s field', () => {
    tagged<ToolResultView, 'card'>('card', 'result view', {
      // @ts-expect-error output belongs to the terminal result
      generic: { title: optional(string), content: optional(list(contentBlock)), output: optional(string) },
      terminal: { title: optional(string), output: optional(string), exitCode: optional(finiteNumber), signal: optional(string) },
      diff: diffResult,
    })
  })
})

describe('each field must have a check of its own type', () => {
  it('does not compile when a number is checked as a string', () => {
    object<FileLocation>('a location', {
      path: required(string),
      // @ts-expect-error line is a number
      line: optional(string),
    })
  })

  it('does not compile when the choices differ from the union of literals, either way', () => {
    object<PlanEntry>('a plan entry', {
      content: required(string),
      // @ts-expect-error 'done' is not a status, and 'completed' is missing
      status: required(oneOf(['pending', 'in_progress', 'done'])),
      priority: optional(oneOf(['high', 'medium', 'low'])),
    })
    object<PlanEntry>('a plan entry', {
      content: required(string),
      // @ts-expect-error a plain string is wider than the three statuses
      status: required(string),
      priority: optional(oneOf(['high', 'medium', 'low'])),
    })
  })

  it('does not compile when a list of one thing is checked as a list of another', () => {
    tagged<ToolResultView, 'card'>('card', 'result view', {
      generic: { title: optional(string), content: optional(list(contentBlock)) },
      terminal: { title: optional(string), output: optional(string), exitCode: optional(finiteNumber), signal: optional(string) },
      diff: {
        title: optional(string),
        // @ts-expect-error diffs are FileDiffs, not strings
        diffs: required(list(string)),
        locations: optional(list(location)),
      },
    })
  })
})

describe('each field must say whether it may be absent or null, as its type does', () => {
  it('does not compile when an optional field is described as required, or the reverse', () => {
    object<FileLocation>('a location', {
      path: required(string),
      // @ts-expect-error line is optional
      line: required(lineNumber),
    })
    object<FileLocation>('a location', {
      // @ts-expect-error path is required
      path: optional(string),
      line: optional(lineNumber),
    })
  })

  it('does not compile when null is allowed where the type has none, or refused where it has', () => {
    object<FileDiff>('a diff', {
      path: required(string),
      // @ts-expect-error oldText may be null
      oldText: required(string),
      newText: required(string),
      operation,
      oldPath: optional(string),
    })
    object<FileDiff>('a diff', {
      path: required(string),
      oldText: orNull(string),
      // @ts-expect-error newText may not be null
      newText: orNull(string),
      operation,
      oldPath: optional(string),
    })
    object<FileLocation>('a location', {
      path: required(string),
      // @ts-expect-error line may be absent, not null
      line: optionalOrNull(lineNumber),
    })
  })
})

describe('the descriptions in use are of the vocabulary’s types', () => {
  it('call views, result views and content blocks', () => {
    expectTypeOf(toolCallView).toEqualTypeOf<Schema<ToolCallView>>()
    expectTypeOf(toolResultView).toEqualTypeOf<Schema<ToolResultView>>()
    expectTypeOf(contentBlock).toEqualTypeOf<Schema<ContentBlock>>()
  })
})
