// The public surface, pinned: an export that vanishes or appears is a change
// a user sees, so it must be a deliberate one (and a line in CHANGELOG.md).
import { describe, expect, it } from 'vitest'
import * as acp from 'tool-render-intent/acp'
import * as acpV2 from 'tool-render-intent/acp-v2'
import * as core from 'tool-render-intent'
import * as presenters from 'tool-render-intent/presenters'
import * as text from 'tool-render-intent/text'
import * as html from 'tool-render-intent/html'

const names = (module: object) => Object.keys(module).sort()

describe('each entry point exports exactly its documented values', () => {
  it('tool-render-intent', () => {
    expect(names(core)).toStrictEqual([
      'InvalidViewError',
      'assertNever',
      'defineTool',
      'isInvalidViewError',
      'isToolCallView',
      'isToolResultView',
      'parseToolCallView',
      'parseToolResultView',
    ])
  })

  it('tool-render-intent/presenters', () => {
    expect(names(presenters)).toStrictEqual([
      'CONTEXT_LINES',
      'DEFAULT_MAX_EDIT_LENGTH',
      'DEFAULT_MAX_LENGTH',
      'adaptTool',
      'appliedHunksOf',
      'applyPatchTool',
      'askUserQuestionTool',
      'bashOutputTool',
      'bashTool',
      'claudeCodePresenters',
      'codexImageGenerationTool',
      'codexPresenters',
      'codexWebSearchTool',
      'commandLine',
      'computeEditMeta',
      'computeMultiEditMeta',
      'computeWriteMeta',
      'editTool',
      'enterPlanModeTool',
      'execCommandTool',
      'exitPlanModeTool',
      'fenceLanguage',
      'globTool',
      'grepTool',
      'jobKillTool',
      'jobListTool',
      'jobOutputTool',
      'killBashTool',
      'killShellTool',
      'listAgentsTool',
      'lsTool',
      'markdownBlock',
      'mcpToolName',
      'mcpTools',
      'monitorTool',
      'multiEditTool',
      'nextTaskList',
      'notebookEditTool',
      'parsePatch',
      'presenters',
      'readTool',
      'renameTool',
      'reportFindingsTool',
      'sendMessageTool',
      'shellCommandTool',
      'shellTool',
      'skillTool',
      'taskCreateTool',
      'taskGetTool',
      'taskListPlan',
      'taskListTool',
      'taskOutputTool',
      'taskStopTool',
      'taskTool',
      'taskUpdateTool',
      'todoChecklist',
      'todoTool',
      'updatePlanTool',
      'viewImageTool',
      'webFetchTool',
      'webSearchTool',
      'writeStdinTool',
      'writeTool',
    ])
  })

  it('tool-render-intent/acp', () => {
    expect(names(acp)).toStrictEqual([
      'DEFAULT_MAX_OUTPUT_LENGTH',
      'DEFAULT_OUTPUT_INTERVAL',
      'SNAPSHOT_LENGTH',
      'SNAPSHOT_LINES',
      'consoleFence',
      'createToolPresenter',
      'permissionOptions',
      'supportsTerminalOutput',
      'terminalOutputKey',
      'toolCallUpdate',
      'toolResultUpdates',
    ])
  })

  it('tool-render-intent/acp-v2', () => {
    expect(names(acpV2)).toStrictEqual([
      'DEFAULT_MAX_OUTPUT_LENGTH',
      'DEFAULT_PLAN_ID',
      'createNegotiatedPresenter',
      'createToolPresenter',
      'negotiateProtocolVersion',
      'permissionOptions',
      'toolCallUpdates',
      'toolResultUpdates',
      'utf8ToBase64',
    ])
  })

  it('tool-render-intent/text', () => {
    expect(names(text)).toStrictEqual(['DEFAULT_MAX_DIFF_LINES', 'renderCallView', 'renderResultView', 'terminalSafeText'])
  })

  it('tool-render-intent/html', () => {
    expect(names(html)).toStrictEqual([
      'DEFAULT_MAX_DIFF_ROWS',
      'HTML_STYLESHEET',
      'createAcpReader',
      'escapeHtml',
      'readAcpUpdates',
      'renderCallViewHtml',
      'renderResultViewHtml',
      'renderSessionHtml',
      'renderToolCallHtml',
      'sessionPagePolicy',
    ])
  })
})
