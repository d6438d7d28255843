// Comparison 2's floor: the very notifications our presenter builds for the
// corpus, written out as object literals by hand. It trusts its input and
// knows the corpus's tools by name. It still does the work the output
// depends on: titles, the fence scan, and dropping the colour sequences of
// command output shown as Markdown.
//
// Like ours, a result leaves out what the call's card already showed: a
// write's or an edit's diff when its one hunk is the call's, a command's
// description when nothing else follows it.
//
// What it leaves out, because none of it changes a byte on this corpus:
// - every check: no argument guards, no view validation, no JSON-safety
//   check of the arguments, the result or the updates (the corpus is plain
//   JSON), no output bound (its longest output is 1 MiB, the bound 4 MiB);
// - path normalisation (the corpus's paths are absolute and normal);
// - Markdown escaping of titles, descriptions and plan entries (the corpus's
//   paths, descriptions and todo texts hold nothing to escape);
// - terminal sanitising for a display terminal (the corpus's output holds
//   only SGR colour sequences, which a terminal keeps), and for the text
//   fallback everything but dropping `ESC [ … m` (no other control
//   character, no OSC / DCS string, no lone surrogate in the corpus).
import type { CorpusEntry } from './corpus.js'

type Update = Record<string, unknown>
type Text = { type: 'text'; text: string }
type Hunk = { oldText: string | null; newText: string; line: number }

/** The fence no backtick run inside `text` can close. */
export function fence(text: string): string {
  let longest = 0
  for (let at = text.indexOf('`'); at !== -1; ) {
    let end = at + 1
    while (text.charCodeAt(end) === 96) end++
    if (end - at > longest) longest = end - at
    at = text.indexOf('`', end)
  }
  return longest < 3 ? '```' : '`'.repeat(longest + 1)
}

// Escape sequences in output shown as Markdown, marked as the library marks
// them (`ESC` shown as `␛`, the rest of the sequence as it is): the corpus
// holds only `ESC [ … final byte`, and no other character to mark.
// The corpus's output holds only SGR colour sequences, which a `console` block drops.
const markedEscapes = (text: string): string => (text.indexOf('\u001b') === -1 ? text : text.replace(/\u001b\[[0-9;]*m/g, ''))

/** The fence's language for the corpus's file extensions. */
export const fenceLanguages: Record<string, string> = { ts: 'typescript', tsx: 'tsx', md: 'markdown', json: 'json', py: 'python' }

/** `path` relative to `cwd` when inside it. */
export const relative = (path: string, cwd: string) => (path.startsWith(`${cwd}/`) ? path.slice(cwd.length + 1) : path)

/** A text content block as ACP sends it. */
export const textContent = (text: string) => ({ type: 'content', content: { type: 'text', text } })

/** The call's notification, built by hand. */
export function call(entry: CorpusEntry, terminalOutput: boolean, cwd: string): Update {
  const id = entry.id
  const args = entry.ours.args as Record<string, any>
  switch (entry.kind) {
    case 'read': {
      const range =
        args.limit > 0
          ? ` (${args.offset ?? 1} - ${(args.offset ?? 1) + args.limit - 1})`
          : args.offset
            ? ` (from line ${args.offset})`
            : ''
      return {
        sessionUpdate: 'tool_call',
        toolCallId: id,
        title: `Read ${relative(args.file_path, cwd)}${range}`,
        kind: 'read',
        status: 'pending',
        name: 'read',
        locations: [{ path: args.file_path, line: args.offset ?? 1 }],
        rawInput: args,
      }
    }
    case 'edit':
    case 'write': {
      const write = entry.kind === 'write'
      return {
        sessionUpdate: 'tool_call',
        toolCallId: id,
        // One old and new string stands for every occurrence of a replace-all: the title says so.
        title: `${write ? 'Write' : 'Edit'} ${relative(args.file_path, cwd)}${args.replace_all === true ? ' (every occurrence)' : ''}`,
        kind: 'edit',
        status: 'pending',
        name: entry.kind,
        content: [
          write
            ? { type: 'diff', path: args.file_path, oldText: null, newText: args.content }
            : { type: 'diff', path: args.file_path, oldText: args.old_string || null, newText: args.new_string },
        ],
        locations: [{ path: args.file_path }],
        rawInput: args,
      }
    }
    case 'bash':
      if (terminalOutput && !args.run_in_background) {
        return {
          sessionUpdate: 'tool_call',
          toolCallId: id,
          title: args.command,
          kind: 'execute',
          status: 'pending',
          name: 'bash',
          content: [{ type: 'terminal', terminalId: id }],
          rawInput: args,
          _meta: { terminal_info: { terminal_id: id, cwd } },
        }
      }
      return args.description
        ? {
            sessionUpdate: 'tool_call',
            toolCallId: id,
            title: args.command,
            kind: 'execute',
            status: 'pending',
            name: 'bash',
            content: [textContent(args.description)],
            rawInput: args,
          }
        : {
            sessionUpdate: 'tool_call',
            toolCallId: id,
            title: args.command,
            kind: 'execute',
            status: 'pending',
            name: 'bash',
            rawInput: args,
          }
    case 'todo': {
      // A plan card: one `plan` update, no tool card; the item in progress by its activeForm.
      const entries = []
      for (const todo of args.todos)
        entries.push({
          content: todo.status === 'in_progress' && todo.activeForm ? todo.activeForm : todo.content,
          priority: 'medium',
          status: todo.status,
        })
      return { sessionUpdate: 'plan', entries }
    }
  }
}

// `N occurrence(s)`: how many times `needle` stands in the hunks' old text, not overlapping.
function occurrencesIn(hunks: readonly Hunk[], needle: string): string {
  let count = 0
  for (const hunk of hunks) {
    const text = hunk.oldText ?? ''
    for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) count++
  }
  return `${count} ${count === 1 ? 'occurrence' : 'occurrences'}`
}

/** The result's notifications, built by hand, pushed to `out`. */
export function result(entry: CorpusEntry, terminalOutput: boolean, cwd: string, out: Update[]): void {
  const id = entry.id
  const args = entry.ours.args as Record<string, any>
  const { content, isError, meta } = entry.ours.result as { content: Text[]; isError?: boolean; meta?: any }
  const status = isError ? 'failed' : 'completed'
  switch (entry.kind) {
    case 'read': {
      const whole = content[0].text
      const text = whole.endsWith('\n') ? whole.slice(0, -1) : whole
      const marks = fence(text)
      const extension = args.file_path.slice(args.file_path.lastIndexOf('.') + 1)
      out.push({
        sessionUpdate: 'tool_call_update',
        toolCallId: id,
        status,
        content: [textContent(`${marks}${fenceLanguages[extension]}\n${text}\n${marks}`)],
      })
      return
    }
    case 'edit':
    case 'write': {
      const hunks = meta.hunks as Hunk[]
      if (hunks.length === 0) {
        out.push({ sessionUpdate: 'tool_call_update', toolCallId: id, status, content: [textContent(content[0].text)] })
        return
      }
      const locations = []
      const first = hunks[0]
      const write = entry.kind === 'write'
      // A replace-all's result says how many occurrences changed, all of them in its hunks.
      const title =
        !write && args.replace_all === true ? `Edit ${relative(args.file_path, cwd)} (${occurrencesIn(hunks, args.old_string)})` : undefined
      // The call's card showed this very diff: the result sends the lines only.
      if (
        hunks.length === 1 &&
        first.newText === (write ? args.content : args.new_string) &&
        first.oldText === (write ? null : args.old_string || null)
      ) {
        const at = [{ path: args.file_path, line: first.line }]
        out.push(
          title === undefined
            ? { sessionUpdate: 'tool_call_update', toolCallId: id, status, locations: at }
            : { sessionUpdate: 'tool_call_update', toolCallId: id, status, title, locations: at },
        )
        return
      }
      const diffs = []
      for (const hunk of hunks) {
        diffs.push({ type: 'diff', path: args.file_path, oldText: hunk.oldText, newText: hunk.newText })
        locations.push({ path: args.file_path, line: hunk.line })
      }
      out.push(
        title === undefined
          ? { sessionUpdate: 'tool_call_update', toolCallId: id, status, content: diffs, locations }
          : { sessionUpdate: 'tool_call_update', toolCallId: id, status, title, content: diffs, locations },
      )
      return
    }
    case 'bash': {
      const output = content[0].text
      if (args.run_in_background) {
        // The output in a `console` fence without its escape sequences, no fence when blank.
        const trimmed = output.trimEnd()
        if (trimmed === '') out.push({ sessionUpdate: 'tool_call_update', toolCallId: id, status, content: [] })
        else {
          const marks = fence(trimmed)
          out.push({
            sessionUpdate: 'tool_call_update',
            toolCallId: id,
            status,
            // Text content is Markdown: the bridge takes the escape sequences out of it.
            content: [textContent(markedEscapes(`${marks}console\n${trimmed}\n${marks}`))],
          })
        }
      } else if (terminalOutput) {
        out.push(
          { sessionUpdate: 'tool_call_update', toolCallId: id, _meta: { terminal_output: { terminal_id: id, data: output } } },
          {
            sessionUpdate: 'tool_call_update',
            toolCallId: id,
            status: isError || meta.exitCode !== 0 ? 'failed' : 'completed',
            _meta: { terminal_exit: { terminal_id: id, exit_code: meta.exitCode, signal: null } },
          },
        )
      } else {
        // The call's description again (the update's content replaces the call's), the output
        // without colour sequences in a `console` fence, and the exit line after a non-zero exit.
        const finished = isError || meta.exitCode !== 0 ? 'failed' : 'completed'
        const trimmed = markedEscapes(output).trimEnd()
        const ending = meta.exitCode !== 0 ? `Exited with code ${meta.exitCode}` : ''
        let block = ''
        if (trimmed !== '') {
          const marks = fence(trimmed)
          block = `${marks}console\n${trimmed}\n${marks}`
        }
        const last = block && ending ? `${block}\n${ending}` : block || ending
        // The call's card shows the description: with nothing after it, the update changes only the status.
        const text = []
        if (last) {
          if (args.description) text.push(textContent(args.description))
          text.push(textContent(last))
        }
        out.push(
          text.length > 0
            ? { sessionUpdate: 'tool_call_update', toolCallId: id, status: finished, content: text }
            : { sessionUpdate: 'tool_call_update', toolCallId: id, status: finished },
        )
      }
      return
    }
    case 'todo':
      // The plan was the call's; a result that worked adds nothing (the corpus's todo results all work).
      return
  }
}

/** One pass over the corpus by hand; returns how many notifications it built. */
export function floorPass(corpus: readonly CorpusEntry[], terminalOutput: boolean, cwd: string, sink?: Update[]): number {
  let count = 0
  const out: Update[] = []
  for (const entry of corpus) {
    out.length = 0
    out.push(call(entry, terminalOutput, cwd))
    result(entry, terminalOutput, cwd, out)
    count += out.length
    if (sink) sink.push(...out)
  }
  return count
}
