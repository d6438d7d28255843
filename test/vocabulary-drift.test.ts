// The interfaces in src/views.ts and their one description in
// src/internal/vocabulary.ts cannot drift apart: this edits one side of a
// copy of src/, type-checks it with TypeScript 7, and checks that the
// compiler names the other side. It also checks that the exclusive-arm type
// tests in views.test-d.ts fail once the views stop being exclusive.
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { failingTests, replaceOnce, root, typeErrors } from './internal/mutated-typecheck.js'

const work = join(root, '.vocabulary-drift-tmp')

afterAll(() => rmSync(work, { recursive: true, force: true }))

const typeTests = ['test/views.test-d.ts', 'test/internal/vocabulary.test-d.ts']

const check = (name: string, edits: Record<string, (text: string) => string>) => typeErrors(join(work, name), typeTests, edits)

const VIEWS = 'src/views.ts'
const VOCABULARY = 'src/internal/vocabulary.ts'
const inVocabulary = (errors: string[]) => errors.filter((error) => error.startsWith(`${VOCABULARY}(`))

// The terminal call view with one more field, `timeoutMs`.
const terminalCallWithTimeout = (views: string) =>
  replaceOnce(
    views,
    '  /** Where the command runs; relative paths resolve against the session cwd. */\n  readonly cwd?: string\n',
    '  /** Where the command runs; relative paths resolve against the session cwd. */\n  readonly cwd?: string\n  readonly timeoutMs?: number\n',
  )

describe('a view and its description cannot drift apart', () => {
  it('the real vocabulary and its type tests compile', () => {
    expect(check('unchanged', {})).toEqual([])
  })

  it('a field added to a view and not to its description, nor absent from the other cards, does not compile', () => {
    const errors = check('field-added', { [VIEWS]: terminalCallWithTimeout })
    expect(errors.length).toBeGreaterThan(0)
    expect(inVocabulary(errors)).toEqual(errors)
    // The terminal call's description lacks it…
    expect(errors.some((error) => /Property 'timeoutMs' is missing/.test(error) && error.includes('TerminalCallView'))).toBe(true)
    // …and the other cards do not declare it absent, so they could carry it.
    expect(errors.some((error) => error.includes('does not satisfy the constraint') && error.includes('"timeoutMs"'))).toBe(true)
  })

  it('the same field, absent from the other cards and described, compiles', () => {
    const errors = check('field-added-everywhere', {
      [VIEWS]: (views) => {
        let edited = terminalCallWithTimeout(views)
        edited = replaceOnce(edited, '  readonly signal?: never\n}', '  readonly signal?: never\n  readonly timeoutMs?: never\n}')
        return replaceOnce(
          edited,
          "Omit<OtherCardFields, 'description' | 'cwd' | 'kind' | 'locations'>",
          "Omit<OtherCardFields, 'description' | 'cwd' | 'kind' | 'locations' | 'timeoutMs'>",
        )
      },
      [VOCABULARY]: (vocabulary) =>
        replaceOnce(vocabulary, '    cwd: optional(string),\n', '    cwd: optional(string),\n    timeoutMs: optional(finiteNumber),\n'),
    })
    expect(errors).toEqual([])
  })

  it('a described field the view lacks does not compile', () => {
    const errors = check('field-described-only', {
      [VOCABULARY]: (vocabulary) =>
        replaceOnce(vocabulary, '    cwd: optional(string),\n', '    cwd: optional(string),\n    timeoutMs: optional(finiteNumber),\n'),
    })
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatch(
      /^src\/internal\/vocabulary\.ts\(.*'timeoutMs' does not exist in type 'Described<Omit<TerminalCallView, "card">>'/,
    )
  })

  it('a field whose type changes and whose check does not, does not compile', () => {
    const errors = check('field-retyped', {
      [VIEWS]: (views) => replaceOnce(views, 'readonly exitCode?: number', 'readonly exitCode?: string'),
    })
    expect(inVocabulary(errors)).toEqual([
      expect.stringMatching(/Type 'Field<number, "optional">' is not assignable to type 'Field<string, "optional">'/),
    ])
  })

  it('a field that may now be null, and whose description says not, does not compile', () => {
    const errors = check('field-nullable', {
      [VIEWS]: (views) => replaceOnce(views, '  readonly signal?: string\n', '  readonly signal?: string | null\n'),
    })
    expect(inVocabulary(errors)).toEqual([
      expect.stringMatching(/Type 'Field<string, "optional">' is not assignable to type 'Field<string, "optional-nullable">'/),
    ])
  })

  it('a block field added to a content block and not described does not compile', () => {
    const errors = check('block-field-added', {
      [VIEWS]: (views) =>
        replaceOnce(
          views,
          '  /** For example `audio/wav`. */\n  readonly mimeType: string\n',
          '  /** For example `audio/wav`. */\n  readonly mimeType: string\n  readonly seconds?: number\n',
        ),
    })
    expect(inVocabulary(errors).some((error) => /Property 'seconds' is missing/.test(error))).toBe(true)
    expect(inVocabulary(errors).some((error) => error.includes('does not satisfy the constraint') && error.includes('"seconds"'))).toBe(
      true,
    )
  })

  it('a card added to a union and not described does not compile', () => {
    const errors = check('card-added', {
      [VIEWS]: (views) =>
        replaceOnce(
          views,
          'export type ToolResultView = GenericResultView | TerminalResultView | DiffResultView',
          "export type ToolResultView = GenericResultView | TerminalResultView | DiffResultView | (Omit<OtherCardFields, never> & { readonly card: 'table'; readonly title?: string })",
        ),
    })
    expect(inVocabulary(errors)).toEqual([expect.stringMatching(/Property 'table' is missing/)])
  })
})

describe('the exclusive-arm type tests fail when the views are not exclusive', () => {
  const exclusiveTests = [
    'an unannotated arrow passed to defineTool cannot return a terminal call with output',
    'the same holds for a plain ToolDefinition',
  ]

  it('a field left out of OtherCardFields shows in the vocabulary and in the type tests', () => {
    const errors = check('absent-field-dropped', {
      [VIEWS]: (views) => replaceOnce(views, '  readonly output?: never\n', ''),
    })
    expect(inVocabulary(errors)).toEqual([expect.stringMatching(/does not satisfy the constraint[\s\S]*"output"/)])
    expect(failingTests(errors, 'test/views.test-d.ts')).toEqual(exclusiveTests)
  })

  it('views that do not extend OtherCardFields fail every exclusive-arm test', () => {
    const errors = check('not-exclusive', {
      [VIEWS]: (views) => views.replace(/ extends Omit<OtherCardFields, [^>]+>/g, ''),
    })
    expect(inVocabulary(errors)).toEqual([expect.stringMatching(/does not satisfy the constraint/)])
    expect(failingTests(errors, 'test/views.test-d.ts')).toEqual([
      ...exclusiveTests.slice(0, 1),
      'nor a generic call with a terminal call’s cwd, a plan’s entries or a diff’s diffs',
      ...exclusiveTests.slice(1),
      'and for a view built apart from its annotation',
    ])
  })
})
