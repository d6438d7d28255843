import { describe, expect, it } from 'vitest'
import { computeWriteMeta, notebookEditTool } from 'tool-render-intent/presenters'

const cwd = { cwd: '/repo' }
const path = '/repo/nb/analysis.ipynb'

describe('notebook_edit: the call', () => {
  it('replaces a cell: a diff card showing the new source as new text', () => {
    expect(
      notebookEditTool.presentCall?.({ notebook_path: path, cell_id: 'c2', new_source: 'print(1)\n', cell_type: 'code' }, cwd),
    ).toEqual({
      card: 'diff',
      title: 'Edit cell c2 in nb/analysis.ipynb',
      diffs: [{ path, oldText: null, newText: 'print(1)\n' }],
      locations: [{ path }],
    })
  })

  it('inserts a cell after another, or at the start', () => {
    expect(
      notebookEditTool.presentCall?.({ notebook_path: path, cell_id: 'c2', new_source: '# Title', edit_mode: 'insert' }, cwd)?.title,
    ).toBe('Insert a cell after cell c2 in nb/analysis.ipynb')
    expect(notebookEditTool.presentCall?.({ notebook_path: path, new_source: 'x', edit_mode: 'insert' }, cwd)?.title).toBe(
      'Insert a cell in nb/analysis.ipynb',
    )
  })

  it('deletes a cell: no diff at call time, as the old source is not known yet', () => {
    expect(notebookEditTool.presentCall?.({ notebook_path: path, cell_id: 'c3', new_source: '', edit_mode: 'delete' }, cwd)).toEqual({
      card: 'diff',
      title: 'Delete cell c3 in nb/analysis.ipynb',
      diffs: [],
      locations: [{ path }],
    })
  })

  it('titles the card with the cell id as written and reads null fields as absent', () => {
    expect(
      notebookEditTool.presentCall?.({ notebook_path: path, cell_id: '<b>', new_source: 'x', edit_mode: null, cell_type: null }, cwd)
        ?.title,
    ).toBe('Edit cell <b> in nb/analysis.ipynb')
  })

  it('gives undefined for an unknown edit mode or cell type', () => {
    expect(notebookEditTool.presentCall?.({ notebook_path: path, new_source: 'x', edit_mode: 'append' }, cwd)).toBeUndefined()
    expect(notebookEditTool.presentCall?.({ notebook_path: path, new_source: 'x', cell_type: 'raw' }, cwd)).toBeUndefined()
  })
})

describe('notebook_edit: the result', () => {
  it("shows the applied change of the cell's source from the meta, with a location naming only the notebook", () => {
    const meta = computeWriteMeta('a = 1\nb = 2\n', 'a = 1\nb = 3\n')
    expect(
      notebookEditTool.presentResult?.({ notebook_path: path, cell_id: 'c1', new_source: 'a = 1\nb = 3\n' }, { content: [], meta }),
    ).toEqual({
      card: 'diff',
      diffs: [{ path, oldText: 'a = 1\nb = 2\n', newText: 'a = 1\nb = 3\n' }],
      locations: [{ path }],
    })
  })

  it('shows a deleted cell as removed text', () => {
    const meta = computeWriteMeta('gone\n', '')
    expect(notebookEditTool.presentResult?.({ notebook_path: path, edit_mode: 'delete' }, { content: [], meta })).toMatchObject({
      card: 'diff',
      diffs: [{ path, oldText: 'gone\n', newText: '' }],
    })
  })

  it('falls back to the call-time diff, or the content for a delete, and shows an error as returned', () => {
    expect(notebookEditTool.presentResult?.({ notebook_path: path, new_source: 'x' }, { content: [] })).toMatchObject({ card: 'diff' })
    const content = [{ type: 'text', text: 'Cell not found' }] as const
    expect(notebookEditTool.presentResult?.({ notebook_path: path, edit_mode: 'delete' }, { content })).toEqual({
      card: 'generic',
      content,
    })
    expect(notebookEditTool.presentResult?.({ notebook_path: path, new_source: 'x' }, { content, isError: true })).toEqual({
      card: 'generic',
      content,
    })
  })
})
