import { describe, expect, it } from 'vitest';
import { classifyCommand, countRunCalls, fixFilesOf, nearestRank } from './real-run-calls.js';

describe('classifyCommand', () => {
  it('reads one file, searches, or neither (runs, installs, writes, the machine outside)', () => {
    expect(
      [
        "cd /testbed && sed -n '95,115p' astroid/builder.py",
        'cat /testbed/django/db/migrations/operations/fields.py | head -200',
        'grep -n "def find_spec" astroid/interpreter/_import/spec.py -B5 -A30',
        'open "src/marshmallow/fields.py" 1474',
        'goto 1207',
        'cd /testbed && grep -r "Unable to load file" --include="*.py"',
        'find /testbed -type f -name "*.py" | head -30',
        'search_dir "CompletableFuture"',
        'git log --oneline | head',
        "cd /testbed && cat > repro.py << 'EOF'\nprint(1)\nEOF",
        "sed -i 's/a/b/' astroid/modutils.py",
        'python reproduce.py 2>&1',
        'pip install -e .',
        'find / -name javac 2>/dev/null',
      ].map(classifyCommand),
    ).toEqual([
      { kind: 'read', file: 'astroid/builder.py' },
      { kind: 'read', file: 'django/db/migrations/operations/fields.py' },
      { kind: 'read', file: 'astroid/interpreter/_import/spec.py' },
      { kind: 'read', file: 'src/marshmallow/fields.py' },
      { kind: 'read', file: 'open file' },
      { kind: 'search' },
      { kind: 'search' },
      { kind: 'search' },
      { kind: 'search' },
      null,
      null,
      null,
      null,
      null,
    ]);
  });
});

describe('fixFilesOf', () => {
  it('lists the files a patch changes, not those it creates', () => {
    const patch = [
      'diff --git a/src/x.py b/src/x.py',
      'index 1..2 100644',
      '--- a/src/x.py',
      '+++ b/src/x.py',
      '@@ -1 +1 @@',
      'diff --git a/repro.py b/repro.py',
      'new file mode 100644',
      '--- /dev/null',
      '@@ -0,0 +1 @@',
    ].join('\n');
    expect(fixFilesOf(patch)).toEqual(['src/x.py']);
  });
});

describe('countRunCalls', () => {
  it('counts searches and distinct files read up to the first edit of a fix file', () => {
    const commands = [
      'find . -name "*.py" | head',
      'grep -rn "TimeDelta" src',
      'cat src/marshmallow/utils.py',
      'sed -n 1,50p src/marshmallow/fields.py',
      'sed -n 50,100p src/marshmallow/fields.py',
      'python reproduce.py',
      "sed -i 's/int(/int(round(/' src/marshmallow/fields.py",
      'grep -rn "never counted" src',
    ];
    expect(countRunCalls(commands, ['src/marshmallow/fields.py'], 'run')).toEqual({
      run: 'run',
      fixFiles: ['src/marshmallow/fields.py'],
      searches: 2,
      filesRead: 2,
      need: 4,
      reach: 4,
      edited: true,
    });
  });

  it('follows SWE-agent: `edit` writes the open file, `create` opens a new one', () => {
    const commands = [
      'create reproduce.py',
      'edit 1:1\nprint(1)\nend_of_edit',
      'find_file fields.py src',
      'open "src/marshmallow/fields.py" 1474',
      'scroll_down',
      'edit 1475:1475\n  return x\nend_of_edit',
    ];
    expect(countRunCalls(commands, ['src/marshmallow/fields.py'], 'swe')).toMatchObject({
      searches: 1,
      filesRead: 1,
      need: 2,
      reach: 2,
      edited: true,
    });
  });
});

describe('nearestRank', () => {
  it('gives the median and the upper quartile of the sample', () => {
    const needs = [2, 5, 3, 48, 15, 11, 20, 27, 5];
    expect([nearestRank(needs, 0.5), nearestRank(needs, 0.75)]).toEqual([11, 20]);
  });
});
