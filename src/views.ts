/**
 * The vocabulary: every card a tool call or a tool result can render as.
 *
 * This module holds types only. A presenter returns one of these views; a
 * consumer (the ACP bridge, the text renderer, your own UI) `switch`es on
 * `card` and ends in {@link assertNever}, so a card that has no rendering code
 * is a compile error rather than a silently dropped call.
 *
 * The arms are exclusive: each view lists every other card's fields as
 * absent ({@link OtherCardFields}), and each content block every other
 * type's ({@link OtherBlockFields}), so a view with a field of the wrong card
 * does not compile however it is written, an unannotated arrow function
 * included.
 *
 * @module
 */

/**
 * What a tool call does, so an editor can pick an icon. The same set as ACP's
 * `ToolKind`.
 */
export type ToolCallKind = 'read' | 'edit' | 'delete' | 'move' | 'search' | 'execute' | 'think' | 'fetch' | 'switch_mode' | 'other'

/**
 * Extra data any object of the content vocabulary may carry, passed through
 * untouched: ACP's and MCP's `_meta`.
 */
export type ContentMeta = { readonly [key: string]: unknown }

/** Hints for the client about who a block is for and how much it matters (ACP's and MCP's `Annotations`). */
export interface ContentAnnotations {
  /** Who the content is for: the user, the assistant, or both. */
  readonly audience?: readonly ('user' | 'assistant')[] | null
  /** When the underlying resource last changed, as an ISO 8601 timestamp. */
  readonly lastModified?: string | null
  /** How important the content is, from 0 (least) to 1 (most). */
  readonly priority?: number | null
  /** Extra data, passed through. */
  readonly _meta?: ContentMeta | null
}

/**
 * The fields that some content block has and another lacks, each absent
 * (`?: never`). Every block extends it without its own fields, so a block
 * with another type's field (a text block's `mimeType`) does not compile,
 * however it is written. ACP's and MCP's blocks still fit: they never set
 * another type's field.
 */
export interface OtherBlockFields {
  /** A text block's text; absent from other blocks. */
  readonly text?: never
  /** An image's or a sound clip's bytes; absent from other blocks. */
  readonly data?: never
  /** The media type of an image, a sound clip or a link; absent from other blocks. */
  readonly mimeType?: never
  /** The address of an image or a link; absent from other blocks. */
  readonly uri?: never
  /** A link's name; absent from other blocks. */
  readonly name?: never
  /** A link's title; absent from other blocks. */
  readonly title?: never
  /** A link's description; absent from other blocks. */
  readonly description?: never
  /** A link's size; absent from other blocks. */
  readonly size?: never
  /** An embedded resource's contents; absent from other blocks. */
  readonly resource?: never
}

/**
 * A text block: Markdown, as ACP and MCP define a text content block, for
 * every target alike. Unlike a title, a plan entry or a description (plain
 * text, escaped by each target at its edge), a text block is passed to every
 * client as it is, so a presenter that quotes model-written text inside
 * Markdown it builds (a bold label, a list item) makes that text literal
 * Markdown itself (`markdownInline`, `markdownBlock`): that is the block's
 * own format, not an escape for one client. The text renderer prints the
 * Markdown source (control characters marked); the HTML page renders it as
 * Markdown without raw HTML or remote images.
 */
export interface TextBlock extends Omit<OtherBlockFields, 'text'> {
  /** Always `'text'`. */
  readonly type: 'text'
  /** The text, Markdown (see {@link TextBlock}). */
  readonly text: string
  /** Hints for the client. */
  readonly annotations?: ContentAnnotations | null
  /** Extra data, passed through. */
  readonly _meta?: ContentMeta | null
}

/** An image, base64-encoded in `data`. */
export interface ImageBlock extends Omit<OtherBlockFields, 'data' | 'mimeType' | 'uri'> {
  /** Always `'image'`. */
  readonly type: 'image'
  /** Base64 of the image bytes. */
  readonly data: string
  /** For example `image/png`. */
  readonly mimeType: string
  /** Where the image came from, if it has an address. */
  readonly uri?: string | null
  /** Hints for the client. */
  readonly annotations?: ContentAnnotations | null
  /** Extra data, passed through. */
  readonly _meta?: ContentMeta | null
}

/** A sound clip, base64-encoded in `data`. */
export interface AudioBlock extends Omit<OtherBlockFields, 'data' | 'mimeType'> {
  /** Always `'audio'`. */
  readonly type: 'audio'
  /** Base64 of the audio bytes. */
  readonly data: string
  /** For example `audio/wav`. */
  readonly mimeType: string
  /** Hints for the client. */
  readonly annotations?: ContentAnnotations | null
  /** Extra data, passed through. */
  readonly _meta?: ContentMeta | null
}

/** A link to a resource the editor can open, such as a file. */
export interface ResourceLinkBlock extends Omit<OtherBlockFields, 'uri' | 'name' | 'mimeType' | 'title' | 'description' | 'size'> {
  /** Always `'resource_link'`. */
  readonly type: 'resource_link'
  /** The resource's address, for example `file:///repo/README.md`. */
  readonly uri: string
  /** A short name, such as the file name. */
  readonly name: string
  /** For example `text/markdown`. */
  readonly mimeType?: string | null
  /** A human-readable title, shown instead of the name where there is room. */
  readonly title?: string | null
  /** What the resource is. */
  readonly description?: string | null
  /** Size in bytes. */
  readonly size?: number | null
  /** Hints for the client. */
  readonly annotations?: ContentAnnotations | null
  /** Extra data, passed through. */
  readonly _meta?: ContentMeta | null
}

/** The text of an embedded resource. */
export interface TextResourceContents {
  /** The resource's address. */
  readonly uri: string
  /** The resource's text. */
  readonly text: string
  /** For example `text/x-typescript`. */
  readonly mimeType?: string | null
  /** Extra data, passed through. */
  readonly _meta?: ContentMeta | null
}

/** The bytes of an embedded resource, base64-encoded in `blob`. */
export interface BlobResourceContents {
  /** The resource's address. */
  readonly uri: string
  /** Base64 of the resource's bytes. */
  readonly blob: string
  /** For example `application/pdf`. */
  readonly mimeType?: string | null
  /** Extra data, passed through. */
  readonly _meta?: ContentMeta | null
}

/** A resource whose contents travel with the block: text or bytes. */
export interface EmbeddedResourceBlock extends Omit<OtherBlockFields, 'resource'> {
  /** Always `'resource'`. */
  readonly type: 'resource'
  /** The resource: its address and its text or bytes. */
  readonly resource: TextResourceContents | BlobResourceContents
  /** Hints for the client. */
  readonly annotations?: ContentAnnotations | null
  /** Extra data, passed through. */
  readonly _meta?: ContentMeta | null
}

/**
 * A piece of content shown on a card: the whole content vocabulary of ACP
 * (and so of MCP tool results). ACP's `ContentBlock[]` and an MCP
 * `CallToolResult`'s `content` are assignable to `ContentBlock[]` as they are.
 */
export type ContentBlock = TextBlock | ImageBlock | AudioBlock | ResourceLinkBlock | EmbeddedResourceBlock

/** A place in a file the editor can follow. */
export interface FileLocation {
  /** The file; a relative path is resolved against the session cwd before it is sent. */
  readonly path: string
  /** 1-based line number. */
  readonly line?: number
}

/**
 * What a change does to a file besides editing it in place: `delete` (the
 * file at `path` is removed), `move` (the file at `oldPath` is renamed to
 * `path`, its text changed as the diff says) or `copy` (the file at
 * `oldPath` is copied to `path`).
 */
export type FileOperation = 'delete' | 'move' | 'copy'

/**
 * One file's change. `oldText: null` means the file is new. Without
 * `operation` the file is edited in place (or created); a deleted file has
 * `operation: 'delete'` and `newText: ''`, a moved or copied one
 * `operation: 'move'` or `'copy'` and the path it came from as `oldPath`.
 * Consumers treat a `move` or `copy` without `oldPath` as an edit of `path`
 * and ignore `oldPath` on any other diff.
 *
 * @example
 * const diff: FileDiff = { path: '/repo/a.ts', oldText: 'let a = 1', newText: 'let a = 2' }
 * const moved: FileDiff = { path: '/repo/b.ts', oldText: 'x\n', newText: 'y\n', operation: 'move', oldPath: '/repo/a.ts' }
 * const deleted: FileDiff = { path: '/repo/c.ts', oldText: '', newText: '', operation: 'delete' }
 */
export interface FileDiff {
  /** The file; a relative path is resolved against the session cwd before it is sent. For a move or a copy, the path after it. */
  readonly path: string
  /** The text before the change; `null` for a new file. For a delete, the removed text as far as it is known. */
  readonly oldText: string | null
  /** The text after the change; `''` for a delete. */
  readonly newText: string
  /** The file operation when it is not an edit in place; absent for an edit or a new file. */
  readonly operation?: FileOperation
  /** A move's or a copy's source path; resolved as `path` is. */
  readonly oldPath?: string
}

/**
 * The fields that some card has and another lacks, each absent (`?: never`).
 * Every view extends it without its own fields, so a view that sets another
 * card's field does not compile, however it is written: an unannotated arrow
 * function's return value skips TypeScript's excess-property check, this
 * does not.
 *
 * @example
 * // Does not compile: `output` is a terminal result's field, absent from a terminal call.
 * defineTool({ name: 'ls', args: isLsArgs, presentCall: () => ({ card: 'terminal', title: 'ls', output: '' }) })
 */
export interface OtherCardFields {
  /** A generic call's icon (or a reading command's); absent from other cards. */
  readonly kind?: never
  /** A generic call's arguments; absent from other cards. */
  readonly rawInput?: never
  /** Content of a generic call or result; absent from other cards. */
  readonly content?: never
  /** Locations of a generic, diff or reading terminal card; absent from other cards. */
  readonly locations?: never
  /** A terminal call's description; absent from other cards. */
  readonly description?: never
  /** A terminal call's working directory; absent from other cards. */
  readonly cwd?: never
  /** A diff card's change; absent from other cards. */
  readonly diffs?: never
  /** A plan's entries; absent from other cards. */
  readonly entries?: never
  /** A terminal result's output; absent from other cards. */
  readonly output?: never
  /** A terminal result's exit code; absent from other cards. */
  readonly exitCode?: never
  /** A terminal result's signal; absent from other cards. */
  readonly signal?: never
}

/** A plain card: a title, an icon (`kind`), optional content and locations. */
export interface GenericCallView extends Omit<OtherCardFields, 'kind' | 'rawInput' | 'content' | 'locations'> {
  /** The discriminant: a plain card. */
  readonly card: 'generic'
  /**
   * The card's title, plain text: what a person should read (`Read
   * src/__tests__/a.ts`, not Markdown). Each target escapes it at its edge:
   * the ACP encoders for the client (Zed renders non-`execute` titles as
   * Markdown), the HTML page as HTML.
   */
  readonly title: string
  /** Defaults to `'other'` in consumers. */
  readonly kind?: ToolCallKind
  /** The arguments as the tool received them; shown when there is no content. */
  readonly rawInput?: unknown
  /** What the card shows under its title. */
  readonly content?: readonly ContentBlock[]
  /** The files the call touches; the editor can follow them. */
  readonly locations?: readonly FileLocation[]
}

/**
 * A shell command, shown as a live terminal where the editor supports one.
 * Display only: the harness runs the command, never the editor.
 *
 * A command that only reads (`cat a.ts`, `rg foo src`, `ls src`) may say
 * so with `kind` and `locations`: consumers then show a read or search
 * card titled with the command, with the locations to follow, and its
 * output as text on the card (streamed, as for a client without display
 * terminals) instead of a display terminal, as codex-acp shows such
 * commands. The call is still a command in every other way: its output
 * streams, its exit status decides its outcome.
 *
 * @example
 * const read: TerminalCallView = { card: 'terminal', title: 'sed -n 1,40p a.ts', kind: 'read', locations: [{ path: 'a.ts', line: 1 }] }
 */
export interface TerminalCallView extends Omit<OtherCardFields, 'description' | 'cwd' | 'kind' | 'locations'> {
  /** The discriminant: a display-only terminal. */
  readonly card: 'terminal'
  /** The command line. */
  readonly title: string
  /** What the command is for, in the model's words. */
  readonly description?: string
  /** Where the command runs; relative paths resolve against the session cwd. */
  readonly cwd?: string
  /** The command only reads (`read`: prints files) or searches or lists them (`search`): shown as that card, never as a display terminal. Absent: a terminal. */
  readonly kind?: 'read' | 'search'
  /** The files the command reads or searches, for a command with a `kind`; the editor can follow them. */
  readonly locations?: readonly FileLocation[]
}

/** A file change proposed at call time, shown as an inline diff. */
export interface DiffCallView extends Omit<OtherCardFields, 'diffs' | 'locations'> {
  /** The discriminant: an inline diff. */
  readonly card: 'diff'
  /** The card's title, plain text, such as `Edit src/a.ts` (escaped by each target, as a generic card's). */
  readonly title: string
  /** The proposed change, one entry per file (or per hunk). */
  readonly diffs: readonly FileDiff[]
  /** The files the call touches; the editor can follow them. */
  readonly locations?: readonly FileLocation[]
}

/** One item of a plan: what to do and how far along it is. */
export interface PlanEntry {
  /** What the step is, in a line: plain text (the ACP encoders escape it for a client that shows entries as Markdown). */
  readonly content: string
  /** Where the step stands. */
  readonly status: 'pending' | 'in_progress' | 'completed'
  /** How much the step matters; consumers default to `'medium'`. */
  readonly priority?: 'high' | 'medium' | 'low'
}

/**
 * The agent's plan, such as a todo list. Editors show it in a plan view of
 * its own rather than as a tool card; each plan replaces the previous one.
 */
export interface PlanCallView extends Omit<OtherCardFields, 'entries'> {
  /** The discriminant: the session's plan. */
  readonly card: 'plan'
  /** A title for consumers that show the plan as a card; optional. */
  readonly title?: string
  /** The whole plan, in order. */
  readonly entries: readonly PlanEntry[]
}

/** What `presentCall` returns: exactly one card per call. */
export type ToolCallView = GenericCallView | TerminalCallView | DiffCallView | PlanCallView

/** A plain result: an optional new title and content. */
export interface GenericResultView extends Omit<OtherCardFields, 'content'> {
  /** The discriminant: a plain card. */
  readonly card: 'generic'
  /** A new title for the card, replacing the call's: plain text, as the call's title. */
  readonly title?: string
  /** What the result shows; replaces the call's content. Left out, the raw result content is shown. */
  readonly content?: readonly ContentBlock[]
}

/**
 * A command's outcome. Consumers derive any text fallback (a fenced
 * `console` block) themselves: a tool returns this one structured shape.
 */
export interface TerminalResultView extends Omit<OtherCardFields, 'output' | 'exitCode' | 'signal'> {
  /** The discriminant: a command's outcome. */
  readonly card: 'terminal'
  /** A new title for the card, replacing the call's: plain text, as the call's title. */
  readonly title?: string
  /** Everything the command printed, as UTF-8 text. */
  readonly output?: string
  /** The exit code, when the command exited; non-zero marks the call failed. */
  readonly exitCode?: number
  /** The signal that ended the command, such as `SIGKILL`. */
  readonly signal?: string
}

/**
 * The change a tool actually applied, at result time: contextual hunks or a
 * whole-file diff. `locations` may point at each hunk's first line.
 */
export interface DiffResultView extends Omit<OtherCardFields, 'diffs' | 'locations'> {
  /** The discriminant: the applied change. */
  readonly card: 'diff'
  /** A new title for the card, replacing the call's: plain text, as the call's title. */
  readonly title?: string
  /** The change as applied: contextual hunks, or the whole file for a create. */
  readonly diffs: readonly FileDiff[]
  /** Where each hunk starts, so the editor can follow the change. */
  readonly locations?: readonly FileLocation[]
}

/** What `presentResult` returns: exactly one card per result. */
export type ToolResultView = GenericResultView | TerminalResultView | DiffResultView

/**
 * What a tool returned: the model-facing content, plus the presentation meta
 * a harness computed when the tool ran and persists beside the result, so a
 * replayed session renders the same as the live one.
 */
export interface ToolResult<Meta = unknown> {
  /** What the tool returned to the model. */
  readonly content: readonly ContentBlock[]
  /** The tool failed; the card is marked failed. */
  readonly isError?: boolean | undefined
  /** Presentation data the harness computed when the tool ran (plain JSON), such as the applied change or an exit code. */
  readonly meta?: Meta | undefined
  /**
   * The tool's own structured result, as the agent recorded it beside the
   * model-facing content (any JSON, never trusted): Claude Code's
   * `toolUseResult` (the `tool_use_result` of its stream), an MCP tool's
   * `structuredContent`. Presenters that know the tool rebuild the card from
   * it as claude-agent-acp does (Read without `<system-reminder>` blocks,
   * Agent without its `agentId:` trailer, WebSearch's hits as `Title (url)`,
   * an interrupted Bash command); a shape they do not know is ignored, and
   * without it they read `content` as before. Pass it as the agent gave it.
   *
   * @example
   * // Claude Code's stream: { type: 'user', message: { content: [toolResultBlock] }, tool_use_result: { … } }
   * const result: ToolResult = { content: [{ type: 'text', text: '     1\tlet a = 1\n<system-reminder>…' }], structured: toolUseResult }
   */
  readonly structured?: unknown
}

/** The only context a presenter may read besides its inputs. */
export interface PresentContext {
  /** The session's working directory, absolute. */
  readonly cwd?: string | undefined
  /**
   * The user's home directory, absolute: what a `~` or `~/…` path the model
   * wrote stands for. With it such paths are expanded in titles, locations
   * and diffs; without it they are shown as written and left out of
   * locations and diffs (never joined to the cwd, which would name
   * `/repo/~/.claude`).
   */
  readonly home?: string | undefined
  /**
   * Whether the client shows read and search cards, so that a shell
   * command that only reads, searches or lists files (`cat a.ts`,
   * `rg foo src`, `ls src`) is shown as one, with its locations. The session
   * sets it from its `shellReads` option or the client's profile
   * (`readCards`); absent means `false`. Read by `bashTool` and the
   * shell tools built on it.
   */
  readonly shellReads?: boolean | undefined
}
