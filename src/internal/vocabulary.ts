// Internal: not exported from any entry point.
//
// The one description of the vocabulary in views.ts, held to its types by
// the compiler: each description is `Described<Interface>` (see
// description.ts), so a field added to an interface and not described here,
// a described field the interface lacks, or a check of the wrong type fails
// to compile. The view guards (guards.ts) and content-block normalisation
// (content-blocks.ts) are built from these and nothing else.
import type {
  BlobResourceContents,
  ContentAnnotations,
  ContentBlock,
  FileDiff,
  FileLocation,
  PlanEntry,
  TextResourceContents,
  ToolCallKind,
  ToolCallView,
  ToolResultView,
} from '../views.js'
import {
  finiteNumber,
  keyed,
  lineNumber,
  list,
  object,
  oneOf,
  optional,
  optionalOrNull,
  orNull,
  plainObject,
  required,
  type Schema,
  string,
  tagged,
  unknownValue,
} from './description.js'

const meta = optionalOrNull(plainObject)

/** @internal A content block's annotations (ACP's and MCP's `Annotations`). */
export const annotations: Schema<ContentAnnotations> = object<ContentAnnotations>('annotations', {
  audience: optionalOrNull(list(oneOf(['user', 'assistant']))),
  lastModified: optionalOrNull(string),
  priority: optionalOrNull(finiteNumber),
  _meta: meta,
})

/** @internal An embedded resource's contents: text when it has `text`, else bytes when it has `blob`. */
export const resourceContents: Schema<TextResourceContents | BlobResourceContents> = keyed<
  TextResourceContents | BlobResourceContents,
  'text' | 'blob'
>('resource contents', 'contents', {
  text: { uri: required(string), text: required(string), mimeType: optionalOrNull(string), _meta: meta },
  blob: { uri: required(string), blob: required(string), mimeType: optionalOrNull(string), _meta: meta },
})

const blockAnnotations = optionalOrNull(annotations)

/** @internal One content block: ACP's whole `ContentBlock` vocabulary. */
export const contentBlock: Schema<ContentBlock> = tagged<ContentBlock, 'type'>('type', 'content block', {
  text: { text: required(string), annotations: blockAnnotations, _meta: meta },
  image: {
    data: required(string),
    mimeType: required(string),
    uri: optionalOrNull(string),
    annotations: blockAnnotations,
    _meta: meta,
  },
  audio: { data: required(string), mimeType: required(string), annotations: blockAnnotations, _meta: meta },
  resource_link: {
    uri: required(string),
    name: required(string),
    mimeType: optionalOrNull(string),
    title: optionalOrNull(string),
    description: optionalOrNull(string),
    size: optionalOrNull(finiteNumber),
    annotations: blockAnnotations,
    _meta: meta,
  },
  resource: { resource: required(resourceContents), annotations: blockAnnotations, _meta: meta },
})

const content = optional(list(contentBlock))

const locations = optional(list(object<FileLocation>('a location', { path: required(string), line: optional(lineNumber) })))

const diffs = required(
  list(
    object<FileDiff>('a diff', {
      path: required(string),
      oldText: orNull(string),
      newText: required(string),
      operation: optional(oneOf(['delete', 'move', 'copy'])),
      oldPath: optional(string),
    }),
  ),
)

const entries = required(
  list(
    object<PlanEntry>('a plan entry', {
      content: required(string),
      status: required(oneOf(['pending', 'in_progress', 'completed'])),
      priority: optional(oneOf(['high', 'medium', 'low'])),
    }),
  ),
)

const kind: Schema<ToolCallKind> = oneOf(['read', 'edit', 'delete', 'move', 'search', 'execute', 'think', 'fetch', 'switch_mode', 'other'])

/** @internal What `presentCall` returns. */
export const toolCallView: Schema<ToolCallView> = tagged<ToolCallView, 'card'>('card', 'call view', {
  generic: {
    title: required(string),
    kind: optional(kind),
    rawInput: optional(unknownValue),
    content,
    locations,
  },
  terminal: {
    title: required(string),
    description: optional(string),
    cwd: optional(string),
    kind: optional(oneOf(['read', 'search'])),
    locations,
  },
  diff: { title: required(string), diffs, locations },
  plan: { title: optional(string), entries },
})

/** @internal What `presentResult` returns. */
export const toolResultView: Schema<ToolResultView> = tagged<ToolResultView, 'card'>('card', 'result view', {
  generic: { title: optional(string), content },
  terminal: { title: optional(string), output: optional(string), exitCode: optional(finiteNumber), signal: optional(string) },
  diff: { title: optional(string), diffs, locations },
})

// Every member of a union has every field that any member has: its own, or
// absent (`?: never`, from `OtherCardFields` or `OtherBlockFields`), so no
// member can be written with another's field. A field left out of those
// fails the constraint here, naming the members that lack it. (Resource
// contents stay open: they have no tag, and readers tell them apart with
// `'text' in resource`, which an absent `text?: never` would defeat.)
type FieldOfAny<U> = U extends unknown ? keyof U : never
type NotExclusive<U, Member = U> = Member extends unknown
  ? [Exclude<FieldOfAny<U>, keyof Member>] extends [never]
    ? never
    : { readonly member: Member; readonly lacks: Exclude<FieldOfAny<U>, keyof Member> }
  : never
type Exclusive<U> = [NotExclusive<U>] extends [never] ? true : NotExclusive<U>
type IsTrue<Check extends true> = Check
// biome-ignore lint/correctness/noUnusedVariables: the type is the check: it fails to compile when an arm is not exclusive.
type CheckedExclusive = [IsTrue<Exclusive<ToolCallView | ToolResultView>>, IsTrue<Exclusive<ContentBlock>>]
