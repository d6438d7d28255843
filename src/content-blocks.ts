/**
 * Content blocks from untyped code: an MCP tool's result, a session log
 * written by an older version, a plugin. {@link normalizeContentBlock} turns
 * any value into a {@link ContentBlock} a consumer can render, and says what
 * it had to change. No runtime dependency.
 *
 * @module
 */
import { a, type Fields, found, type Problem, type TaggedShape } from './internal/description.js'
import { isRecord } from './internal/record.js'
import { contentBlock } from './internal/vocabulary.js'
import type { ContentBlock, TextBlock } from './views.js'

/** What {@link normalizeContentBlock} gives: a block to render, and what was wrong with the value. */
export interface NormalizedContentBlock {
  /** The value itself when it was a valid block; otherwise a copy or a text block standing in for it. */
  readonly block: ContentBlock
  /** One sentence per change made, in order; empty when the value was a valid block. */
  readonly problems: readonly string[]
}

/**
 * The `_meta` key under which a text block that stands in for a value that
 * is not a valid block keeps that value, untouched: its data, blob and every
 * other field survive there.
 */
export const ORIGINAL_CONTENT_META_KEY = 'tool-render-intent/original'

/**
 * A content block that fits {@link ContentBlock}, from any value.
 *
 * - A valid block (any of the five types, with its `annotations` and
 *   `_meta`; `null` where ACP's types allow it) is returned as is, the same
 *   object, with no problems.
 * - A block of a known type whose required fields are valid but that has
 *   fields no block of its type has, or an optional field of the wrong type
 *   (inside `annotations` or an embedded `resource` too), becomes a copy
 *   without those fields, one problem each:
 *   `content block field "foo" is not part of an audio block; dropped`,
 *   `content block field "mimeType" is not part of a text block (it belongs
 *   to an image block); dropped`,
 *   `content block field "resource.blob" is not part of a resource block's
 *   text contents (it belongs to blob contents); dropped`,
 *   `content block field "uri" of an image block: expected a string or null,
 *   found 5; dropped`.
 * - Anything else becomes a text block that names it, keeps the original
 *   value in `_meta` under {@link ORIGINAL_CONTENT_META_KEY}, and shows the
 *   value's `uri` (or `resource.uri`) after the name and its `text` (or
 *   `resource.text`) on the lines below, so no text, data or URI is lost:
 *   - a known type with a required field missing or wrong:
 *     `[invalid image block: mimeType: expected a string, found undefined]`,
 *     a problem per field: `content block field "mimeType" of an image
 *     block: expected a string, found undefined; shown as a text block`;
 *   - an unknown type: `[unsupported content block "video"]`, problem
 *     `content block type "video" is not supported; shown as a text block`;
 *     no type at all: `[unsupported content block without a type]`, problem
 *     `content block has no type; shown as a text block`;
 *   - a value that is not an object: `[unsupported content block: 42]`,
 *     problem `content block is not an object (found 42); shown as a text
 *     block`; a string is taken as text: a text block of that string,
 *     problem `content block is a string, not an object; shown as a text
 *     block`.
 *
 * Pure and total: it never throws on a JSON value, and never changes its
 * argument. Linear in the size of the value.
 *
 * @example
 * normalizeContentBlock({ type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav', foo: 1 })
 * // { block: { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' },
 * //   problems: ['content block field "foo" is not part of an audio block; dropped'] }
 * normalizeContentBlock({ type: 'video', uri: 'https://example.com/a.mp4' })
 * // { block: { type: 'text', text: '[unsupported content block "video"] https://example.com/a.mp4', _meta: { … } },
 * //   problems: ['content block type "video" is not supported; shown as a text block'] }
 */
export function normalizeContentBlock(value: unknown): NormalizedContentBlock {
  if (isBareTextBlock(value) || contentBlock.is(value)) return { block: value, problems: NO_PROBLEMS }
  if (typeof value === 'string') {
    return { block: { type: 'text', text: value }, problems: ['content block is a string, not an object; shown as a text block'] }
  }
  if (!isRecord(value)) {
    return standIn(value, `unsupported content block: ${found(value)}`, [
      `content block is not an object (found ${found(value)}); shown as a text block`,
    ])
  }
  const type = value.type
  const fields = typeof type === 'string' ? blocks.variants.get(type) : undefined
  if (fields === undefined) {
    return type === undefined
      ? standIn(value, 'unsupported content block without a type', ['content block has no type; shown as a text block'])
      : standIn(value, `unsupported content block ${found(type)}`, [
          `content block type ${found(type)} is not supported; shown as a text block`,
        ])
  }
  const what = a(`${type} block`)
  const walk: Walk = { what, dropped: [], broken: [] }
  const copy = copyFields(value, fields, '', what, walk, (field) => {
    const other = blocks.owner(field)
    return other && a(`${other} block`)
  })
  if (walk.broken.length === 0) return { block: copy as unknown as ContentBlock, problems: walk.dropped }
  return standIn(
    value,
    `invalid ${type} block: ${walk.broken.map(({ path, issue }) => `${path}: ${issue}`).join('; ')}`,
    walk.broken.map(({ path, issue }) => `content block field "${path}" of ${what}: ${issue}; shown as a text block`),
  )
}

const NO_PROBLEMS: readonly string[] = Object.freeze([])

// The block most results are made of, `{ type: 'text', text }` and nothing
// else, recognised without the general check (which it would pass). Anything
// else, even a valid text block with more fields, takes the general check.
function isBareTextBlock(value: unknown): value is TextBlock {
  if (!isRecord(value) || value.type !== 'text' || typeof value.text !== 'string') return false
  for (const key in value) if (key !== 'type' && key !== 'text') return false
  return true
}

// The block types and their fields, from the one description of the vocabulary.
const blocks = contentBlock.shape as TaggedShape

// What a walk over one block found: fields it dropped (problems already
// worded) and required fields that are missing or wrong.
interface Walk {
  readonly what: string
  readonly dropped: string[]
  readonly broken: Problem[]
}

// A copy of `value` with the fields of `fields` that pass their checks, in
// the order they came; an object field (annotations, an embedded
// resource's contents) is cleaned the same way, inside. `prefix` is the
// path of `value` inside the block (`''`, `annotations.`, `resource.`);
// `owner` names who declares a field `fields` lacks.
function copyFields(
  value: Record<string, unknown>,
  fields: Fields,
  prefix: string,
  what: string,
  walk: Walk,
  owner?: (field: string) => string | undefined,
): Record<string, unknown> {
  const copy: Record<string, unknown> = {}
  for (const key of Object.keys(value)) {
    const field = value[key]
    if (field === undefined) continue
    const path = prefix + key
    const index = fields.names.indexOf(key)
    if (index === -1) {
      const other = owner?.(key)
      walk.dropped.push(`content block field "${path}" is not part of ${what}${other ? ` (it belongs to ${other})` : ''}; dropped`)
      continue
    }
    if (field === null && fields.nullable[index]) {
      copy[key] = null
      continue
    }
    const { shape } = fields.schemas[index]
    if (shape.kind === 'object' && isRecord(field)) {
      copy[key] = copyFields(field, shape.fields, `${path}.`, `${what}'s ${shape.noun}`, walk)
      continue
    }
    if (shape.kind === 'keyed' && isRecord(field)) {
      const variant = shape.select(field)
      if (variant === undefined) {
        walk.broken.push({ path, issue: shape.neither })
        continue
      }
      copy[key] = copyFields(field, shape.variants.get(variant)!, `${path}.`, `${what}'s ${variant} ${shape.part}`, walk, (name) => {
        const other = shape.owner(name)
        return other && `${other} ${shape.part}`
      })
      continue
    }
    const problem = issue(fields, index, field, prefix)
    if (problem === undefined) copy[key] = field
    else if (fields.optional[index]) walk.dropped.push(`content block field "${problem.path}" of ${walk.what}: ${problem.issue}; dropped`)
    else walk.broken.push(problem)
  }
  for (let index = 0; index < fields.names.length; index++) {
    if (!fields.optional[index] && value[fields.names[index]] === undefined) {
      walk.broken.push(
        issue(fields, index, undefined, prefix) ?? { path: prefix + fields.names[index], issue: 'expected a value, found undefined' },
      )
    }
  }
  return copy
}

// What is wrong with `field` as the field at `index` of `fields`: the path
// of the offending value inside the block and what was expected and found.
function issue(fields: Fields, index: number, field: unknown, prefix: string): Problem | undefined {
  const problem = fields.schemas[index].explain(field, '', fields.names[index], fields.nullable[index])
  return problem && { path: prefix + problem.path, issue: problem.issue }
}

// A text block standing in for `value`: `[label]`, the value's uri after it
// and its text below, the value itself kept in `_meta`.
function standIn(value: unknown, label: string, problems: string[]): NormalizedContentBlock {
  const resource = isRecord(value) && isRecord(value.resource) ? value.resource : undefined
  const uri = stringField(value, 'uri') ?? stringField(resource, 'uri')
  const text = stringField(value, 'text') ?? stringField(resource, 'text')
  const block: TextBlock = {
    type: 'text',
    text: `[${label}]${uri ? ` ${uri}` : ''}${text ? `\n${text}` : ''}`,
    _meta: { [ORIGINAL_CONTENT_META_KEY]: value },
  }
  return { block, problems }
}

const stringField = (value: unknown, key: string): string | undefined =>
  isRecord(value) && typeof value[key] === 'string' ? value[key] : undefined
