import { describe, expect, it } from 'vitest';
import type { Finding } from '../core/findings.js';
import { ruleById } from '../core/catalogue/catalogue.js';
import { formatJson } from './format-json.js';
import { DEFAULT_COLUMNS, formatText, inert, outputColumns } from './format-text.js';

function finding(over: Partial<Finding>): Finding {
  return { rule: 'tool-call/x', severity: 'error', message: 'm', streamId: 's1', events: [3], t: 0, ...over };
}

const reports = [
  {
    file: 'a.har',
    findings: [
      finding({
        rule: 'tool-call/end-not-open',
        message: 'END for c1 not open',
        threadId: 't1',
        runId: 'r1',
        events: [12],
        toolCallId: 'c1',
      }),
      finding({
        rule: 'run/truncated',
        severity: 'warning',
        message: 'no RUN_FINISHED',
        threadId: 't1',
        runId: 'r1',
        events: [4],
      }),
      finding({ rule: 'sse/crlf-framing', severity: 'notice', message: 'CRLF', events: [] }),
    ],
  },
  { file: 'b.sse', findings: [] },
];

describe('formatText', () => {
  const out = formatText(reports, { color: false });
  const lines = out.split('\n');

  it('has a file header, run sub-headers and a summary', () => {
    expect(lines[0]).toBe('a.har');
    expect(lines).toContain('  thread t1 · run r1');
    expect(lines).toContain('  stream s1');
    expect(out).toContain('✖ 3 problems (1 error, 1 warning, 1 notice)');
    expect(out).not.toContain('b.sse');
  });

  it('tells apart two runs with the same ids in different streams, never by stream key', () => {
    const twice = formatText(
      [
        {
          file: 'retry.har',
          findings: [
            finding({ streamId: 'stream-0', threadId: 't1', runId: 'r1' }),
            finding({ streamId: 'stream-1', threadId: 't1', runId: 'r1' }),
          ],
        },
      ],
      { color: false },
    ).split('\n');
    const titles = twice.filter((l) => /^ {2}\S/.test(l));
    expect(titles).toHaveLength(2);
    expect(new Set(titles).size).toBe(2);
    for (const t of titles) {
      expect(t).toMatch(/^ {2}thread t1 · run r1 \(\d(st|nd) with this id\)$/);
      expect(t).not.toContain('stream-');
    }
  });

  it('aligns columns and orders a run by event position', () => {
    const rows = lines.filter((l) => l.startsWith('    '));
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatch(/^ {4}event 4 {3}warning {2}no RUN_FINISHED {6}run\/truncated$/);
    expect(rows[1]).toMatch(/^ {4}event 12 {2}error {4}END for c1 not open {2}tool-call\/end-not-open$/);
    const ruleColumn = rows.map((r) => r.search(/(run|tool-call|sse)\//));
    expect(new Set(ruleColumn).size).toBe(1);
  });

  it('colours only when asked', () => {
    expect(out).not.toContain('\u001b[');
    const coloured = formatText(reports, { color: true });
    expect(coloured).toContain('\u001b[31merror');
    expect(coloured).toContain('\u001b[1;31m✖');
  });

  it('prints nothing for clean files', () => {
    const clean = [
      { file: 'ok.sse', findings: [] },
      { file: 'ok.har', findings: [] },
    ];
    expect(formatText(clean, { color: false })).toBe('✔ 2 files, 0 findings\n');
    expect(formatText(clean.slice(1), { color: false })).toMatch(/^✔ 1 file, 0 findings\n$/);
    expect(formatText([], { color: false })).toBe('');
  });

  it('pads the message column only as far as the terminal is wide', () => {
    const long = 'm'.repeat(120);
    const rs = [
      {
        file: 'w.sse',
        findings: [finding({ message: long, events: [1] }), finding({ message: 'short', events: [2] })],
      },
    ];
    const wide = formatText(rs, { color: false })
      .split('\n')
      .filter((l) => l.startsWith('    '));
    const narrow = formatText(rs, { color: false, columns: 60 })
      .split('\n')
      .filter((l) => l.startsWith('    '));
    // Without a width (a pipe, a CI log) lines fit 80 columns, not the longest message.
    expect(wide[1]!.length).toBeLessThanOrEqual(DEFAULT_COLUMNS);
    expect(wide[0]).toContain(long);
    expect(narrow[1]!.length).toBeLessThanOrEqual(60);
    expect(narrow[0]).toContain(long);
    const fits = formatText(
      [
        {
          file: 'f.sse',
          findings: [finding({ message: 'abc', events: [1] }), finding({ message: 'abcdefgh', events: [2] })],
        },
      ],
      { color: false, columns: 200 },
    );
    const rows = fits.split('\n').filter((l) => l.startsWith('    '));
    expect(rows[0]!.length).toBe(rows[1]!.length);
  });

  it('takes the width from the terminal, else from a valid COLUMNS', () => {
    expect(outputColumns({ isTTY: true, columns: 132 }, '40')).toBe(132);
    expect(outputColumns({ isTTY: false }, '100')).toBe(100);
    expect(outputColumns({}, ' 90 ')).toBe(90);
    for (const bad of [undefined, '', '0', '-5', 'wide', '80px']) expect(outputColumns({}, bad), bad).toBeUndefined();
  });

  it('never lets stream content drive the terminal', () => {
    const evil = formatText([{ file: 'e.sse', findings: [finding({ message: 'x\u001b[2Jy\nz\u202e' })] }], {
      color: false,
    });
    expect(evil).not.toContain('\u001b');
    expect(evil).toContain('x\\u001b[2Jy\\nz\\u202e');
    expect(inert('tab\there')).toBe('tab\\there');
  });
});

describe('formatJson', () => {
  it('prints one object with findings and a summary, omitting absent fields', () => {
    const parsed = JSON.parse(formatJson(reports)) as {
      findings: Record<string, unknown>[];
      summary: Record<string, number>;
    };
    expect(parsed.summary).toEqual({ files: 2, errors: 1, warnings: 1, notices: 1 });
    expect(parsed.findings[0]).toEqual({
      rule: 'tool-call/end-not-open',
      severity: 'error',
      message: 'END for c1 not open',
      file: 'a.har',
      threadId: 't1',
      runId: 'r1',
      event: 12,
      toolCallId: 'c1',
      // The panel's badges: from the rule's catalogue entry.
      fatal: ruleById('tool-call/end-not-open')!.fatal,
      client: ruleById('tool-call/end-not-open')!.client,
      // Both the 1.0 client and the draft's next client throw on an END for a closed call.
      rejectedBy: ['1.0', 'next'],
      specRef: ruleById('tool-call/end-not-open')!.specRef,
    });
    expect(Object.keys(parsed.findings[2]!).sort()).toEqual([
      'client',
      'fatal',
      'file',
      'message',
      'rejectedBy',
      'rule',
      'severity',
      'specRef',
    ]);
  });

  it('says which client profiles reject at each finding, and with --profile whether that one does', () => {
    const withProfile = (profile: '1.0' | 'next') =>
      (
        JSON.parse(
          formatJson([{ file: 'x.sse', findings: [finding({ rule: 'run/truncated', severity: 'warning' })] }], {
            profile,
          }),
        ) as { findings: Record<string, unknown>[] }
      ).findings[0];
    // The 1.0 client consumes a body that stops; the draft fails the run.
    expect(withProfile('1.0')).toMatchObject({ rejectedBy: ['next'], rejects: false });
    expect(withProfile('next')).toMatchObject({ rejectedBy: ['next'], rejects: true });
  });

  it('carries the stream URL, the loader notes and unreadable files', () => {
    const withUrl = [
      { ...reports[0]!, urls: new Map([['s1', 'http://localhost:8000/agent']]), notes: ['a.har: ignored 3 entries'] },
    ];
    const parsed = JSON.parse(
      formatJson(withUrl, { unreadable: [{ file: 'x.sse', message: 'x.sse: cannot read file: no such file' }] }),
    ) as {
      findings: { url?: string }[];
      notes: { file: string; message: string }[];
      unreadable: { file: string }[];
    };
    expect(parsed.findings.every((f) => f.url === 'http://localhost:8000/agent')).toBe(true);
    expect(parsed.notes).toEqual([{ file: 'a.har', message: 'a.har: ignored 3 entries' }]);
    expect(parsed.unreadable.map((u) => u.file)).toEqual(['x.sse']);
  });
});
