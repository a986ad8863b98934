import 'reflect-metadata';
import { getParams } from '../../../src/framework/metadata/param-metadata';
import { PANE_CONTENT_MATCH_FIELDS } from '../../../src/models/pane-content-match.model';
import { PaneInfo } from '../../../src/models/pane-info.model';
import { PANE_SNAPSHOT_FIELDS } from '../../../src/models/pane-snapshot.model';
import { SessionInfo } from '../../../src/models/session-info.model';
import { WindowInfo } from '../../../src/models/window-info.model';
import { ModelSerializer } from '../../../src/services/model-serializer.service';
import { modelReader, PANE_FIELDS, parseRows, SEP, SESSION_FIELDS, WINDOW_FIELDS } from '../../../src/services/tmux-formats';
import { SNAPSHOT_FIELDS } from '../../../src/tools/pane/reading/snapshot-fields';

/** The field tables drive formats, typing and models (docs/architecture.md#field-tables). */
describe('field tables', () => {
  it('the default listings read the variables of the models they give', () => {
    expect(SESSION_FIELDS).toEqual(['session_id', 'session_name', 'session_windows', 'session_attached', 'session_created', 'pane_id']);
    expect(WINDOW_FIELDS).toContain('window_panes');
    expect(PANE_FIELDS).toEqual(getParams(PaneInfo).flatMap((p) => (p.name === 'is_caller' ? [] : [p.name])));
  });

  it('a row becomes a model with its fields in schema order, typed (docs/reference/tools.md#typed-fields)', () => {
    const s = new ModelSerializer();
    const line = (fields: readonly string[], values: Record<string, string>) => fields.map((f) => values[f] ?? '').join(SEP);
    const [w] = parseRows(
      [line(WINDOW_FIELDS, { window_id: '@1', window_index: '2', window_active: '0', window_panes: '' })],
      WINDOW_FIELDS,
    );
    const window = s.window(w);
    expect(Object.keys(window)).toEqual(getParams(WindowInfo).map((p) => p.name));
    // integers and flags typed; an empty count is 0, an empty string kept, an empty active pane null
    expect(window).toMatchObject({
      window_id: '@1',
      window_index: 2,
      window_active: false,
      pane_count: 0,
      window_name: '',
      active_pane_id: null,
    });
    expect(window.window_width).toBeNull();

    const [r] = parseRows([line(SESSION_FIELDS, { session_id: '$3', session_attached: '5' })], SESSION_FIELDS);
    const session = s.session(r, new Map([['$3', 1]]));
    expect(Object.keys(session)).toEqual(getParams(SessionInfo).map((p) => p.name));
    expect(session.session_attached).toBe(1);
  });

  it('computed fields come from the service, in their place', () => {
    const read = modelReader(PANE_CONTENT_MATCH_FIELDS);
    const m = read({ pane_id: '%1', pane_left: '4', window_name: 'w' }, { matched_lines: ['x'], is_caller: true });
    expect(m).toMatchObject({ pane_id: '%1', pane_left: 4, window_name: 'w', matched_lines: ['x'], is_caller: true });
    expect(Object.keys(m).slice(-2)).toEqual(['matched_lines', 'is_caller']);
  });

  it("snapshot_pane reads its model's tmux fields but the pane id, free text last (docs/reference/tools.md#snapshot_pane)", () => {
    expect(SNAPSHOT_FIELDS).toHaveLength(23);
    expect(SNAPSHOT_FIELDS.slice(-3)).toEqual(['pane_title', 'pane_current_command', 'pane_current_path']);
    expect(SNAPSHOT_FIELDS).not.toContain('pane_id');
    const names = PANE_SNAPSHOT_FIELDS.map((f) => f.name);
    expect(names).toContain('title');
    expect(names).not.toContain('pane_title');
  });
});
