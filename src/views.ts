/**
 * The vocabulary: every card a tool call or a tool result can render as.
 *
 * This module holds types only. A presenter returns one of these views; a
 * consumer (the ACP bridge, the text renderer, your own UI) `switch`es on
 * `card` and ends in {@link assertNever}, so a card that has no rendering code
 * is a compile error rather than a silently dropped call.
 *
 * @module
 */

/**
 * What a tool call does, so an editor can pick an icon. The same set as ACP's
 * `ToolKind`.
 */
export type ToolCallKind =
  | 'read'
  | 'edit'
  | 'delete'
  | 'move'
  | 'search'
  | 'execute'
  | 'think'
  | 'fetch'
  | 'switch_mode'
  | 'other'

/** Plain text. Editors render it as Markdown. */
export interface TextBlock {
  /** Always `'text'`. */
  readonly type: 'text'
  /** The text, read as Markdown by editors. */
  readonly text: string
}

/** An image, base64-encoded in `data`. */
export interface ImageBlock {
  /** Always `'image'`. */
  readonly type: 'image'
  /** Base64 of the image bytes. */
  readonly data: string
  /** For example `image/png`. */
  readonly mimeType: string
  /** Where the image came from, if it has an address. */
  readonly uri?: string
}

/** A link to a resource the editor can open, such as a file. */
export interface ResourceLinkBlock {
  /** Always `'resource_link'`. */
  readonly type: 'resource_link'
  /** The resource's address, for example `file:///repo/README.md`. */
  readonly uri: string
  /** A short name, such as the file name. */
  readonly name: string
  /** For example `text/markdown`. */
  readonly mimeType?: string
  /** A human-readable title, shown instead of the name where there is room. */
  readonly title?: string
  /** What the resource is. */
  readonly description?: string
  /** Size in bytes. */
  readonly size?: number
}

/**
 * A piece of content shown on a card: the model-facing content vocabulary.
 * Each block is assignable to ACP's `ContentBlock`.
 */
export type ContentBlock = TextBlock | ImageBlock | ResourceLinkBlock

/** A place in a file the editor can follow. */
export interface FileLocation {
  /** The file; a relative path is resolved against the session cwd before it is sent. */
  readonly path: string
  /** 1-based line number. */
  readonly line?: number
}

/**
 * One file's change. `oldText: null` means the file is new.
 *
 * @example
 * const diff: FileDiff = { path: '/repo/a.ts', oldText: 'let a = 1', newText: 'let a = 2' }
 */
export interface FileDiff {
  /** The file; a relative path is resolved against the session cwd before it is sent. */
  readonly path: string
  /** The text before the change; `null` for a new file. */
  readonly oldText: string | null
  /** The text after the change. */
  readonly newText: string
}

/** A plain card: a title, an icon (`kind`), optional content and locations. */
export interface GenericCallView {
  /** The discriminant: a plain card. */
  readonly card: 'generic'
  /** The card's title; editors render its first line as Markdown. */
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
 */
export interface TerminalCallView {
  /** The discriminant: a display-only terminal. */
  readonly card: 'terminal'
  /** The command line. */
  readonly title: string
  /** What the command is for, in the model's words. */
  readonly description?: string
  /** Where the command runs; relative paths resolve against the session cwd. */
  readonly cwd?: string
}

/** A file change proposed at call time, shown as an inline diff. */
export interface DiffCallView {
  /** The discriminant: an inline diff. */
  readonly card: 'diff'
  /** The card's title, such as `Edit src/a.ts`. */
  readonly title: string
  /** The proposed change, one entry per file (or per hunk). */
  readonly diffs: readonly FileDiff[]
  /** The files the call touches; the editor can follow them. */
  readonly locations?: readonly FileLocation[]
}

/** What `presentCall` returns: exactly one card per call. */
export type ToolCallView = GenericCallView | TerminalCallView | DiffCallView

/** A plain result: an optional new title and content. */
export interface GenericResultView {
  /** The discriminant: a plain card. */
  readonly card: 'generic'
  /** A new title for the card, replacing the call's. */
  readonly title?: string
  /** What the result shows; replaces the call's content. Left out, the raw result content is shown. */
  readonly content?: readonly ContentBlock[]
}

/**
 * A command's outcome. Consumers derive any text fallback (a fenced
 * `console` block) themselves: a tool returns this one structured shape.
 */
export interface TerminalResultView {
  /** The discriminant: a command's outcome. */
  readonly card: 'terminal'
  /** A new title for the card, replacing the call's. */
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
export interface DiffResultView {
  /** The discriminant: the applied change. */
  readonly card: 'diff'
  /** A new title for the card, replacing the call's. */
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
  readonly isError?: boolean
  /** Presentation data the harness computed when the tool ran (plain JSON), such as the applied change or an exit code. */
  readonly meta?: Meta
}

/** The only context a presenter may read besides its inputs. */
export interface PresentContext {
  /** The session's working directory, absolute. */
  readonly cwd?: string
}
