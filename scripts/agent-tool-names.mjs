// Records the tool names and argument fields an agent defines, read from its
// own source, so the parity tests can prove every name has a presenter and
// every field is accepted, without the agent's repository at hand:
// - test/presenters/fixtures/agent-tools/gemini-cli.json, from
//   google-gemini/gemini-cli: the names of ALL_BUILTIN_TOOL_NAMES (and the
//   legacy aliases and the background shell's tools), the fields of every
//   declaration with a `parametersJsonSchema` (packages/core/src/tools);
// - test/presenters/fixtures/agent-tools/kimi-cli.json, from
//   MoonshotAI/kimi-cli: every `CallableTool2` class's `name` and the fields
//   of its pydantic `Params` (src/kimi_cli/tools).
//
// Give it a clone (or a bare git directory) of the repository:
//
//   node scripts/agent-tool-names.mjs gemini-cli /path/to/gemini-cli
//   node scripts/agent-tool-names.mjs kimi-cli /path/to/kimi-cli
//
// It reads the files at HEAD with `git show` and records that commit.
import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'

const root = join(import.meta.dirname, '..')
const [agent, repo] = process.argv.slice(2)
if (!agent || !repo) {
  console.error('usage: node scripts/agent-tool-names.mjs <gemini-cli|kimi-cli> <repository>')
  process.exit(2)
}

const git = (...args) => execFileSync('git', ['-C', repo, ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
const show = (path) => git('show', `HEAD:${path}`)
const commit = git('rev-parse', 'HEAD').trim()
const files = (dir) => git('ls-tree', '-r', '--name-only', 'HEAD', dir).split('\n').filter(Boolean)

// --- Gemini CLI: TypeScript, read through the compiler's syntax tree. ---

function parse(path) {
  return ts.createSourceFile(path, show(path), ts.ScriptTarget.Latest, true)
}

function walk(node, visit) {
  visit(node)
  ts.forEachChild(node, (child) => walk(child, visit))
}

// `export const NAME = 'value'` in each file: the constants names and fields are spelled with.
function constantsOf(sources) {
  const constants = new Map()
  for (const source of sources) {
    walk(source, (node) => {
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer && ts.isStringLiteral(node.initializer)) {
        constants.set(node.name.text, node.initializer.text)
      }
    })
  }
  return constants
}

// `[…] as const` and `… satisfies T` hold the literal inside.
const unwrapped = (expression) =>
  ts.isAsExpression(expression) || ts.isSatisfiesExpression(expression) ? unwrapped(expression.expression) : expression

const propertyName = (name, constants) => {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name)) return name.text
  if (ts.isComputedPropertyName(name) && ts.isIdentifier(name.expression)) return constants.get(name.expression.text)
  return undefined
}

const stringValue = (expression, constants) => {
  if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression)) return expression.text
  if (ts.isIdentifier(expression)) return constants.get(expression.text)
  return undefined
}

const property = (object, key, constants) =>
  object.properties.find((entry) => ts.isPropertyAssignment(entry) && propertyName(entry.name, constants) === key)

// A JSON Schema object literal's fields: each property's `type`, and which are required.
function schemaFields(schema, constants) {
  const properties = property(schema, 'properties', constants)
  if (!properties || !ts.isObjectLiteralExpression(properties.initializer)) return undefined
  const fields = {}
  for (const entry of properties.initializer.properties) {
    if (!ts.isPropertyAssignment(entry)) continue
    const name = propertyName(entry.name, constants)
    if (!name) continue
    const type = ts.isObjectLiteralExpression(entry.initializer) ? property(entry.initializer, 'type', constants) : undefined
    fields[name] = type && ts.isStringLiteral(type.initializer) ? type.initializer.text : 'unknown'
  }
  const required = property(schema, 'required', constants)
  const names =
    required && ts.isArrayLiteralExpression(required.initializer)
      ? required.initializer.elements.map((element) => stringValue(element, constants)).filter(Boolean)
      : []
  return { fields, required: names }
}

function geminiCli() {
  const tools = 'packages/core/src/tools'
  const sources = [
    `${tools}/definitions/base-declarations.ts`,
    `${tools}/tool-names.ts`,
    `${tools}/definitions/model-family-sets/gemini-3.ts`,
    `${tools}/definitions/dynamic-declaration-helpers.ts`,
    `${tools}/definitions/trackerTools.ts`,
    `${tools}/shellBackgroundTools.ts`,
  ].map(parse)
  const constants = constantsOf(sources)
  const names = new Set()
  // ALL_BUILTIN_TOOL_NAMES, the legacy aliases, the background shell's `static readonly Name`.
  for (const source of sources) {
    walk(source, (node) => {
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
        const value = unwrapped(node.initializer)
        if (node.name.text === 'ALL_BUILTIN_TOOL_NAMES' && ts.isArrayLiteralExpression(value)) {
          for (const element of value.elements) names.add(stringValue(element, constants))
        }
        if (node.name.text === 'TOOL_LEGACY_ALIASES' && ts.isObjectLiteralExpression(value)) {
          for (const entry of value.properties) if (entry.name) names.add(propertyName(entry.name, constants))
        }
      }
      if (ts.isPropertyDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === 'Name' && node.initializer) {
        names.add(stringValue(node.initializer, constants))
      }
    })
  }
  // Every declaration `{ name, …, parametersJsonSchema: { properties, required } }`; a name
  // declared more than once (grep_search with and without ripgrep) has every field of them
  // all, and the fields all of them require.
  const declared = new Map()
  for (const source of sources) {
    walk(source, (node) => {
      if (!ts.isObjectLiteralExpression(node)) return
      const name = property(node, 'name', constants)
      const schema = property(node, 'parametersJsonSchema', constants)
      if (!name || !schema || !ts.isObjectLiteralExpression(schema.initializer)) return
      const tool = stringValue(name.initializer, constants)
      const fields = schemaFields(schema.initializer, constants)
      if (!tool || !fields) return
      const known = declared.get(tool)
      declared.set(
        tool,
        known
          ? { fields: { ...known.fields, ...fields.fields }, required: known.required.filter((name) => fields.required.includes(name)) }
          : fields,
      )
    })
  }
  return [...names]
    .filter(Boolean)
    .sort()
    .map((name) => ({ name, ...(declared.get(name) ?? { fields: null, required: [] }) }))
}

// --- Kimi CLI: Python, read line by line. ---

const PY_TYPES = { str: 'string', int: 'integer', float: 'number', bool: 'boolean' }

// A pydantic annotation as a JSON type: `str | None` is a string, `list[X]` an array, a model an object.
function pythonType(annotation) {
  const first = annotation.split('|')[0].trim()
  if (PY_TYPES[first]) return PY_TYPES[first]
  if (first.startsWith('list[')) return 'array'
  if (first.startsWith('Literal[')) return 'string'
  return 'object'
}

// Each `class Name(BaseModel)`'s fields: `name: type = Field(…)` or `name: type`, a default making it optional.
function pydanticModels(text) {
  const models = new Map()
  const lines = text.split('\n')
  for (let index = 0; index < lines.length; index++) {
    const header = /^class (\w+)\((?:BaseModel|DMail)\):/.exec(lines[index])
    if (!header) continue
    const fields = {}
    const required = []
    let field
    let chunk = ''
    const close = () => {
      if (!field) return
      if (!/\bdefault(_factory)?=/.test(chunk) && !/ = (?!Field\()/.test(chunk)) required.push(field)
      field = undefined
    }
    for (let at = index + 1; at < lines.length && (lines[at] === '' || lines[at].startsWith(' ')); at++) {
      const match = /^ {4}(\w+): ([^=]+?)(?: = (.*))?$/.exec(lines[at])
      if (match && !match[1].startsWith('_')) {
        close()
        field = match[1]
        fields[field] = pythonType(match[2])
        chunk = lines[at]
      } else if (/^ {4}\S/.test(lines[at])) {
        close()
      } else {
        chunk += lines[at]
      }
    }
    close()
    models.set(header[1], { fields, required })
  }
  return models
}

function kimiCli() {
  // tools/test.py holds the test suite's own tools (plus, compare, panic), not Kimi CLI's.
  const sources = files('src/kimi_cli/tools')
    .filter((path) => path.endsWith('.py') && path !== 'src/kimi_cli/tools/test.py')
    .map(show)
  // SendDMail's parameters are the DMail model of soul/denwarenji.py.
  const shared = pydanticModels(show('src/kimi_cli/soul/denwarenji.py'))
  const tools = []
  for (const text of sources) {
    // Each file's own `Params` first: every tool module names its model the same.
    const models = new Map([...shared, ...pydanticModels(text)])
    const constant = /^NAME = "(\w+)"$/m.exec(text)?.[1]
    for (const match of text.matchAll(/^class \w+\(CallableTool2\[(\w+)\]\):\n((?: {4}.*\n|\n)*)/gm)) {
      const body = match[2]
      const literal = /^ {4}name: str = "(\w+)"$/m.exec(body)?.[1]
      const name = literal ?? (/^ {4}name: str = NAME$/m.test(body) ? constant : undefined)
      if (!name) continue
      const model = models.get(match[1])
      tools.push({ name, ...(model ?? { fields: null, required: [] }) })
    }
  }
  return tools.sort((a, b) => a.name.localeCompare(b.name))
}

const sources = {
  'gemini-cli': { repository: 'google-gemini/gemini-cli', licence: 'Apache-2.0', read: geminiCli },
  'kimi-cli': { repository: 'MoonshotAI/kimi-cli', licence: 'Apache-2.0', read: kimiCli },
}
const source = sources[agent]
if (!source) {
  console.error(`unknown agent ${agent}: ${Object.keys(sources).join(', ')}`)
  process.exit(2)
}
const tools = source.read()
const fixture = { agent, repository: source.repository, commit, licence: source.licence, generated: 'scripts/agent-tool-names.mjs', tools }
writeFileSync(join(root, `test/presenters/fixtures/agent-tools/${agent}.json`), `${JSON.stringify(fixture, null, 2)}\n`)
console.log(`recorded ${tools.length} ${agent} tools at ${commit}`)
