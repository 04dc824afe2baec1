// `glance bench agent --tasks`: a few tasks of a corpus picked by id (whole, short, or with `*`), the report over
// exactly those; a pattern that picks nothing is a usage error naming it, before any task runs.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { shortTaskId, taskPatterns } from '../../src/agent/worlds/droidtask.js';
import { glance } from '../helpers/cli.js';
import { droidtaskDir } from '../helpers/corpus.js';
import { requires } from '../helpers/requires.js';

test('task patterns: whole or short ids, `*` for any run of characters; the ones that picked nothing', () => {
  assert.equal(shortTaskId('clock/tasks/task3.yaml'), 'clock/task3');
  const p = taskPatterns(['clock/task1', 'notes/tasks/task2.yaml', 'dialer/*', 'gallery/task9']);
  const ids = [
    'clock/tasks/task1.yaml',
    'clock/tasks/task10.yaml',
    'notes/tasks/task2.yaml',
    'dialer/tasks/task4.yaml',
    'dialer/tasks/task7.yaml',
  ];
  assert.deepEqual(
    ids.filter((id) => p.test(id)),
    ['clock/tasks/task1.yaml', 'notes/tasks/task2.yaml', 'dialer/tasks/task4.yaml', 'dialer/tasks/task7.yaml'],
  );
  assert.deepEqual(p.unmatched(), ['gallery/task9']);
  // A dot in a pattern is a dot, not any character.
  assert.equal(taskPatterns(['clock/tasks/task1.yaml']).test('clock/tasks/task1xyaml'), false);
});

describe('bench agent --tasks', { skip: requires({ shared: true }) }, () => {
  test('runs the tasks picked and no other', async () => {
    const r = await glance([
      '--json',
      'bench',
      'agent',
      '--worlds',
      droidtaskDir,
      '--tasks',
      'clock/task1,notes/tasks/task2.yaml',
      '--mode',
      'episode',
    ]);
    assert.equal(r.code, 0, r.stderr);
    const report = JSON.parse(r.stdout) as { result: { apps: string[]; episode: { total: number }; tasks: Array<{ id: string }> } };
    assert.deepEqual(
      report.result.tasks.map((t) => t.id),
      ['clock/tasks/task1.yaml', 'notes/tasks/task2.yaml'],
    );
    assert.deepEqual(report.result.apps, ['clock', 'notes']);
    assert.equal(report.result.episode.total, 2);
  });

  test('a pattern that picks no task is a usage error naming it', async () => {
    const r = await glance(['bench', 'agent', '--worlds', droidtaskDir, '--apps', 'clock', '--tasks', 'clock/task1,notes/task2']);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /USAGE/);
    assert.match(r.stderr, /no task matches notes\/task2/);
    assert.doesNotMatch(r.stderr, /clock\/task1/);
  });
});
