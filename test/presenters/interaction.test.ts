import { describe, expect, it } from 'vitest'
import { askUserQuestionTool, enterPlanModeTool, reportFindingsTool, skillTool } from '../../src/presenters/interaction.js'
import { nodeTypes, parse, UNSAFE_TYPES } from './markdown-tree.js'
import { wireTitle } from '../../src/safety/title-text.js'

const question = {
  question: 'Which library should we use?',
  header: 'Library',
  options: [
    { label: 'date-fns', description: 'Small, tree-shakes' },
    { label: 'dayjs', description: 'Tiny' },
  ],
  multiSelect: false,
}

describe('AskUserQuestion', () => {
  it('is titled with its only question and lists the options under it', () => {
    expect(askUserQuestionTool.presentCall?.({ questions: [question] })).toEqual({
      card: 'generic',
      kind: 'other',
      title: 'Which library should we use?',
      content: [{ type: 'text', text: '**Library** Which library should we use?\n- **date-fns**: Small, tree-shakes\n- **dayjs**: Tiny' }],
      rawInput: { questions: [question] },
    })
  })

  it('is titled Asking for your input for several questions, one text block each', () => {
    const view = askUserQuestionTool.presentCall?.({ questions: [question, { question: 'Ship today?', options: [{ label: 'Yes' }] }] })
    expect(view).toMatchObject({ title: 'Asking for your input' })
    expect(view?.card === 'generic' && view.content?.map((block) => (block.type === 'text' ? block.text : ''))).toEqual([
      '**Library** Which library should we use?\n- **date-fns**: Small, tree-shakes\n- **dayjs**: Tiny',
      'Ship today?\n- **Yes**',
    ])
  })

  it('cannot link, embed or open a block from a question or an option', () => {
    const view = askUserQuestionTool.presentCall?.({
      questions: [{ question: '# [x](https://e) <img src=y>', options: [{ label: '![i](https://e/t.png)', description: '\n# h' }] }],
    })
    expect(view?.title).toBe('# [x](https://e) <img src=y>')
    expect(wireTitle(view?.title ?? '', 'other', 'markdown')).toBe('\\# \\[x\\](https://e) \\<img src=y\\>')
    const text = view?.card === 'generic' && view.content?.[0]?.type === 'text' ? view.content[0].text : ''
    const types = nodeTypes(parse(text))
    for (const type of UNSAFE_TYPES) expect(types.has(type)).toBe(false)
    expect(types.has('heading')).toBe(false)
  })

  it('shows the answers the tool returned', () => {
    expect(
      askUserQuestionTool.presentResult?.({ questions: [question] }, { content: [{ type: 'text', text: 'User chose dayjs' }] }),
    ).toEqual({ card: 'generic', content: [{ type: 'text', text: 'User chose dayjs' }] })
  })

  it('gives undefined for arguments that are not questions', () => {
    expect(askUserQuestionTool.presentCall?.({ questions: 'x' })).toBeUndefined()
    expect(askUserQuestionTool.presentCall?.({ questions: [{ question: 3 }] })).toBeUndefined()
  })
})

describe('Skill', () => {
  it('is titled Load skill: <name>', () => {
    expect(skillTool.presentCall?.({ skill: 'pdf' })).toEqual({
      card: 'generic',
      kind: 'other',
      title: 'Load skill: pdf',
      rawInput: { skill: 'pdf' },
    })
  })

  it('is titled Load skill for an empty name, and with the name as written', () => {
    expect(skillTool.presentCall?.({ skill: '' })?.title).toBe('Load skill')
    expect(skillTool.presentCall?.({ skill: '[a](b)' })?.title).toBe('Load skill: [a](b)')
  })
})

describe('EnterPlanMode', () => {
  it('is a switch_mode card', () => {
    expect(enterPlanModeTool.presentCall?.({})).toEqual({ card: 'generic', kind: 'switch_mode', title: 'Enter plan mode' })
  })
})

describe('ReportFindings', () => {
  const finding = { file: 'src/a.ts', line: 3, summary: 'Off by one', failure_scenario: 'n = 0' }

  it('counts the findings in its title and shows each as file:line — summary', () => {
    expect(reportFindingsTool.presentCall?.({ findings: [finding, { file: 'b.ts', summary: 'Leak' }] })).toEqual({
      card: 'generic',
      kind: 'think',
      title: 'Report 2 findings',
      content: [
        { type: 'text', text: '**src/a.ts:3** — Off by one' },
        { type: 'text', text: '**b.ts** — Leak' },
      ],
      rawInput: { findings: [finding, { file: 'b.ts', summary: 'Leak' }] },
    })
    expect(reportFindingsTool.presentCall?.({ findings: [finding] })?.title).toBe('Report 1 finding')
  })

  it('says none were found for an empty list', () => {
    expect(reportFindingsTool.presentCall?.({ findings: [] })).toMatchObject({ title: 'Report findings: none found', content: undefined })
  })
})
